import FlowShellKit
import FlowShellRuntime

/// The settings a browser session keeps: the modules' (the signed-in user, say) are the
/// server's, shared by its tabs as one app's; the shell's own (aliases, what `set` changed) are
/// the tab's. All are kept in memory for the server's life.
@MainActor
final class SessionSettings: SettingsStorage {
    /// The store under which the runtime keeps the shell's own settings.
    static let shellModule = "flowshell.shell"

    private let shared: ModuleSettings
    private let shell = MemoryKeyValueStore()

    init(shared: ModuleSettings) {
        self.shared = shared
    }

    func store(forModule module: String) -> any KeyValueStore {
        module == Self.shellModule ? shell : shared.store(forModule: module)
    }
}

/// The modules' settings of one server, one store per module, made when first asked for.
@MainActor
final class ModuleSettings {
    private var stores: [String: MemoryKeyValueStore] = [:]

    func store(forModule module: String) -> any KeyValueStore {
        if let store = stores[module] { return store }
        let store = MemoryKeyValueStore()
        stores[module] = store
        return store
    }
}
