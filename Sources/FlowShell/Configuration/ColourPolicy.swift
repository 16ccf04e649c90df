import ArgumentParser
import FlowShellRuntime
import FlowShellTerminal

/// `--color`: when text is styled with colour and attributes.
enum ColourPolicy: String, ExpressibleByArgument, CaseIterable {
    /// On a terminal, unless `NO_COLOR` is set (to anything) or `TERM` is `dumb`.
    case auto
    /// Always, even into a pipe.
    case always
    /// Never.
    case never

    func allowsColour(stdoutIsTerminal: Bool, environment: [String: String]) -> Bool {
        switch self {
        case .always: return true
        case .never: return false
        case .auto: return stdoutIsTerminal && (environment["NO_COLOR"] ?? "").isEmpty && environment["TERM"] != "dumb"
        }
    }
}

/// `--output`: who reads the shell's output.
enum OutputFormat: String, ExpressibleByArgument, CaseIterable {
    /// People: styled text fitted to the terminal.
    case text
    /// Programs: JSON lines.
    case json
}
