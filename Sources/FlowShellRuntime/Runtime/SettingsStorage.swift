import FlowShellKit

/// Where a running flow keeps small settings that outlive a session — each module's (the
/// session, say) and the shell's own (aliases, what `set` changed) — in one namespace per
/// module. The runtime knows only this; the app entry keeps them in SQLite
/// (`SettingsDatabase`), and tests and tools keep them in memory.
@MainActor
public protocol SettingsStorage: AnyObject {
    /// The store of one module's settings.
    func store(forModule module: String) -> any KeyValueStore

    /// Why the settings could not be read when last asked, in the user's words (nil: they
    /// could, or were not there): a store reads such settings as none.
    var readProblem: String? { get }
}

extension SettingsStorage {
    /// Settings that are always read (in memory): no problem.
    public var readProblem: String? { nil }
}

/// Opens the settings kept in an app's data folder, or throws what stands in the way, in the
/// user's words (a file where the folder should be).
public typealias SettingsOpener = @MainActor (_ folder: String) throws -> any SettingsStorage
