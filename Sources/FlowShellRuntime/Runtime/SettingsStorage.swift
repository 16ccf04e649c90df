import FlowShellKit

/// Where a running flow keeps small settings that outlive a session — each module's (the
/// session, say) and the shell's own (aliases, what `set` changed) — in one namespace per
/// module. The runtime knows only this; the app entry keeps them in SQLite
/// (`SettingsDatabase`), and tests and tools keep them in memory.
@MainActor
public protocol SettingsStorage: AnyObject {
    /// The store of one module's settings.
    func store(forModule module: String) -> any KeyValueStore
}

/// Opens the settings kept in an app's data folder, or throws what stands in the way, in the
/// user's words (a file where the folder should be).
public typealias SettingsOpener = @MainActor (_ folder: String) throws -> any SettingsStorage
