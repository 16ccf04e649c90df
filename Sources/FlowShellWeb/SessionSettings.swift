import FlowShellKit
import FlowShellRuntime

/// The settings a browser session keeps: the modules' (the signed-in user, say) are the app's,
/// in its data folder as a terminal keeps them, so that the server's tabs and the terminals on
/// that folder share them; the shell's own (aliases, what `set` changed) are the tab's, in memory.
@MainActor
final class SessionSettings: SettingsStorage {
    /// The store under which the runtime keeps the shell's own settings.
    static let shellModule = "flowshell.shell"

    private let shared: any SettingsStorage
    private let shell = MemoryKeyValueStore()

    init(shared: any SettingsStorage) {
        self.shared = shared
    }

    func store(forModule module: String) -> any KeyValueStore {
        module == Self.shellModule ? shell : shared.store(forModule: module)
    }

    var readProblem: String? {
        shared.readProblem
    }
}
