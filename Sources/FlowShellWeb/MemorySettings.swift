import FlowShellKit
import FlowShellRuntime

/// Settings in memory, one store per module, made when first asked for: what the tabs share
/// when the data folder cannot keep them.
@MainActor
final class MemorySettings: SettingsStorage {
    private var stores: [String: MemoryKeyValueStore] = [:]

    func store(forModule module: String) -> any KeyValueStore {
        if let store = stores[module] { return store }
        let store = MemoryKeyValueStore()
        stores[module] = store
        return store
    }
}
