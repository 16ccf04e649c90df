import FlowShellKit
import FlowShellRuntime

/// The theme: how each semantic style looks on a colour terminal (SGR parameters).
package enum Style {
    case heading, tableHeader, prompt, promptModal, label
    case message(MessageStyle)

    var sgr: String {
        switch self {
        case .heading: return "1"
        case .tableHeader: return "1;4"
        case .prompt: return "1;36"
        case .promptModal: return "1;35"
        case .label: return "2"
        case .message(.error): return "1;31"
        case .message(.warning): return "33"
        case .message(.success): return "32"
        case .message(.info): return "36"
        case .message(.muted): return "2"
        }
    }

    /// The symbol before a message of this style, so meaning survives without colour.
    static func symbol(for style: MessageStyle) -> String {
        switch style {
        case .error: return "✗"
        case .warning: return "!"
        case .success: return "✓"
        case .info: return "·"
        case .muted: return " "
        }
    }
}
