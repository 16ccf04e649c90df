/// The commands every screen has. Feature commands may not take these names.
public enum GlobalCommand: String, CaseIterable, Sendable {
    /// This screen's commands, or one command's usage.
    case help
    /// Close the top screen.
    case back
    /// Close every screen above the first.
    case home
    /// Show the stack of open screens.
    case `where`
    /// Open a deep link.
    case open
    /// Read the flow config again.
    case reload
    /// Leave the shell.
    case quit
    /// Leave the shell.
    case exit

    /// Every global command's name.
    public static var names: Set<String> { Set(allCases.map(\.rawValue)) }

    /// The usage line.
    public var usage: String {
        switch self {
        case .help: return "help [COMMAND]"
        case .open: return "open LINK"
        default: return rawValue
        }
    }

    /// One line for `help`.
    public var summary: String {
        switch self {
        case .help: return "List this screen's commands, or show how to use one"
        case .back: return "Close this screen and return to the previous one"
        case .home: return "Close every screen above the first one"
        case .where: return "Show the stack of open screens"
        case .open: return "Open a deep link, such as /cars/rio"
        case .reload: return "Read the flow config again and apply it"
        case .quit: return "Leave the shell"
        case .exit: return "Leave the shell (same as quit)"
        }
    }
}
