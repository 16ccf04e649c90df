import FlowCoordinator
import FlowShellKit

/// The config's part of what a session offers on one screen: the commands the config adds to
/// it, indexed by name. The same for every visit to a screen of that type in that (sub-)flow,
/// so made once per screen and loading of the config: a command's cost does not grow with the
/// commands the config declares.
@MainActor
final class OfferedConfigCommands {
    /// Nothing added: before the flow has started.
    static let none = OfferedConfigCommands(commands: [])

    private let byName: [String: CommandDescription]

    /// The config's `commands` on one screen.
    init(commands: [CommandDescription]) {
        byName = Dictionary(commands.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// The command the config adds named `name`, if any.
    func command(named name: String) -> CommandDescription? {
        byName[name]
    }

    /// Where the parts of each screen are kept: by (sub-)flow and screen.
    static func key(of open: OpenScreen) -> String {
        (open.flow ?? "") + "\u{0}" + open.featureID
    }
}
