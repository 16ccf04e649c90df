import FlowShellKit

/// The lines that try one command: every value its arguments offer (what Tab offers), each at
/// least once while the others keep their first value, then each example the config gives
/// (`examples`). An argument that takes free text and offers no value is tried only through
/// examples; a command that needs one and has none is not tried, and says why.
struct CommandVariants {
    /// The lines to type, in the order to try them.
    var lines: [String] = []
    /// Why the command is not tried, when it is not.
    var untried: String?

    /// The variants of `command` on the screen `screen`, with at most `limit` values of any one
    /// argument (chosen by `sample` beyond that) and the config's `examples`.
    init(_ command: CommandDescription, on screen: String, examples: [String], limit: Int, sample: SeededSample) {
        let name = command.name
        let positionals = command.arguments.filter { $0.kind == .positional }
        let choices = positionals.map { sample.choose($0.values, limit: limit, for: "\(screen) \(name) \($0.name)") }

        // The first value of each argument, the optional ones left out.
        var base: [String]? = []
        for (argument, values) in zip(positionals, choices) {
            guard !argument.isOptional else { break }
            guard let first = values.first else {
                base = nil
                break
            }
            base?.append(first)
        }
        var lines: [String] = []
        func add(_ words: [String]) {
            let line = ([name] + words.map(CommandLineTokenizer.escape)).joined(separator: " ")
            if !lines.contains(line) { lines.append(line) }
        }
        if let base {
            add(base)
            for (index, values) in choices.enumerated() {
                // An optional argument comes after the ones before it: those take their first value.
                var before: [String]? = Array(base.prefix(index))
                for earlier in base.count..<max(base.count, index) {
                    guard let first = choices[earlier].first else {
                        before = nil
                        break
                    }
                    before?.append(first)
                }
                guard let before else { continue }
                let after = index < base.count ? Array(base[(index + 1)...]) : []
                for value in values {
                    add(before + [value] + after)
                }
            }
            for option in command.arguments where option.kind == .option {
                for value in sample.choose(option.values, limit: limit, for: "\(screen) \(name) --\(option.name)") {
                    add(base + ["--\(option.name)", value])
                }
            }
            for flag in command.arguments where flag.kind == .flag {
                add(base + ["--\(flag.name)"])
            }
        }
        for example in examples {
            let line = "\(name) \(example)"
            if !lines.contains(line) { lines.append(line) }
        }
        self.lines = lines
        if lines.isEmpty {
            let free = positionals.first { !$0.isOptional && $0.values.isEmpty }?.name ?? "an argument"
            untried = "\(free) offers no value here, and the config gives no example (examples)"
        }
    }
}
