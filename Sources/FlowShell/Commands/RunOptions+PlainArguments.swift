extension RunOptions {
    /// Reads a plain `run` command line — `[run] --name VALUE | --name=VALUE | --flag ...`, each
    /// of run's long options at most once, values that do not look like options — or returns
    /// nil, and ``RunCommand`` reads it instead: help, other commands, mistakes and their
    /// messages, and every other form are ArgumentParser's.
    ///
    /// Hand-written because ArgumentParser finds a command's options by reflecting over it,
    /// and on the first use in a process that costs the Swift runtime about 2 ms of
    /// searching its conformance records: a third of the shell's start. What this accepts,
    /// ArgumentParser reads the same way (`RunOptionsTests` compares every option), and a name it
    /// does not know falls through to ArgumentParser, so a new option needs no change here to work.
    init?(plainArguments arguments: [String]) {
        var remaining = arguments[...]
        if remaining.first == "run" { remaining = remaining.dropFirst() }
        var options = RunOptions()
        var seen: Set<Substring> = []
        while let argument = remaining.popFirst() {
            guard argument.hasPrefix("--"), argument.count > 2 else { return nil }
            var name = argument.dropFirst(2)
            var attached: String?
            if let equals = name.firstIndex(of: "=") {
                attached = String(name[name.index(after: equals)...])
                name = name[..<equals]
            }
            guard seen.insert(name).inserted else { return nil }
            // The value of an option that takes one: attached, or the next argument unless it
            // looks like an option (ArgumentParser's rule); empty is left to ArgumentParser.
            func value() -> String? {
                let value = attached ?? remaining.first.flatMap { $0.hasPrefix("-") ? nil : remaining.popFirst() }
                return value?.isEmpty == false ? value : nil
            }
            // A flag takes no value; `--fresh=yes` is ArgumentParser's to refuse.
            if attached != nil, ["no-history", "fresh", "restore", "keep-going", "allow-plugins"].contains(name) { return nil }
            switch name {
            case "no-history": options.noHistory = true
            case "fresh": options.fresh = true
            case "restore": options.restore = true
            case "keep-going": options.keepGoing = true
            case "allow-plugins": options.allowPlugins = true
            case "config": guard let path = value() else { return nil }; options.config = path
            case "history": guard let path = value() else { return nil }; options.history = path
            case "open": guard let link = value() else { return nil }; options.open = link
            case "state": guard let path = value() else { return nil }; options.state = path
            case "script": guard let path = value() else { return nil }; options.script = path
            case "data-dir": guard let path = value() else { return nil }; options.dataDir = path
            case "record": guard let path = value() else { return nil }; options.record = path
            case "color":
                guard let policy = value().flatMap(ColourPolicy.init(rawValue:)) else { return nil }
                options.color = policy
            case "output":
                guard let format = value().flatMap(OutputFormat.init(rawValue:)) else { return nil }
                options.output = format
            case "clock":
                guard let seconds = value().flatMap(Double.init), seconds.isFinite else { return nil }
                options.clock = seconds
            default:
                return nil
            }
        }
        self = options
    }
}
