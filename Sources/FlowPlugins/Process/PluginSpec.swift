/// How to start one plugin, resolved from the config: the module it provides, the program and
/// its arguments, the folder it runs in (the config file's), its time limit and its log file.
public struct PluginSpec: Sendable, Equatable {
    /// The module the plugin provides.
    public var module: String
    /// The program: an absolute path, or a bare name searched in `PATH`.
    public var program: String
    /// The whole command line, the program first as written in the config.
    public var arguments: [String]
    /// Where it runs: the config file's folder.
    public var workingDirectory: String
    /// How long one request may take, in milliseconds.
    public var timeoutMilliseconds: Int
    /// Where its stderr (and the shell's notes about it) go; nil: nowhere.
    public var logPath: String?
    /// How messages name the config line (`config.json:14:5: plugins[0]`).
    public var configLine: String

    /// Resolves a plugin's command written in a config in the folder `configDirectory`: a
    /// program with a `/` is relative to that folder, never searched in `PATH`.
    public init(
        module: String, command: [String], configDirectory: String, timeoutMilliseconds: Int,
        logPath: String?, configLine: String
    ) {
        self.module = module
        let written = command.first ?? ""
        if written.contains("/") {
            program = written.hasPrefix("/") ? written : Self.join(configDirectory, written)
        } else {
            program = written
        }
        arguments = command
        workingDirectory = configDirectory
        self.timeoutMilliseconds = timeoutMilliseconds
        self.logPath = logPath
        self.configLine = configLine
    }

    /// Whether the program is searched in `PATH` (a bare name).
    public var searchesPath: Bool { !program.contains("/") }

    /// The files the command names that exist, relative to the working folder: the program
    /// and any argument that is a file. Their modification times key the declarations' cache.
    public var namedFiles: [String] {
        var files = [program]
        for argument in arguments.dropFirst() where !argument.hasPrefix("-") {
            files.append(argument.hasPrefix("/") ? argument : Self.join(workingDirectory, argument))
        }
        return files
    }

    /// The time limit as a duration.
    public var timeout: Duration { .milliseconds(timeoutMilliseconds) }

    /// How long a plugin may take to start and say hello: its time limit, but at least
    /// ``minimumStartMilliseconds``, as starting an interpreter on a busy machine is slow.
    public var startTimeoutMilliseconds: Int { max(timeoutMilliseconds, Self.minimumStartMilliseconds) }

    /// The least time a plugin is given to say hello.
    public static let minimumStartMilliseconds = 10_000

    static func join(_ folder: String, _ path: String) -> String {
        var trimmed = path
        while trimmed.hasPrefix("./") { trimmed.removeFirst(2) }
        if folder.isEmpty || folder == "." { return trimmed }
        return folder.hasSuffix("/") ? folder + trimmed : folder + "/" + trimmed
    }
}
