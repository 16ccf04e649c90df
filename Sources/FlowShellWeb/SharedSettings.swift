import FlowShellKit
import FlowShellRuntime
import FlowShellSettings

/// The modules' settings of one server, opened once for its tabs: the settings database in the
/// app's data folder (opened when a setting is first read or written). When the folder cannot
/// hold it, the tabs share settings in memory instead, as they share the app's services, and
/// ``problem`` says why.
@MainActor
final class SharedSettings {
    private var opened: [String: any SettingsStorage] = [:]
    private let memory = MemorySettings()
    /// Why the settings are kept in memory, in the user's words, when they are.
    private(set) var problem: String?

    /// The settings in `folder`, the same for every tab.
    func open(inFolder folder: String) -> any SettingsStorage {
        if let settings = opened[folder] { return settings }
        let settings: any SettingsStorage
        do {
            settings = try SettingsDatabase.open(inFolder: folder)
        } catch {
            problem = UserFacingError.message(for: error)
            settings = memory
        }
        opened[folder] = settings
        return settings
    }

    /// The warning a tab and the server's start show when the settings are kept in memory.
    var warning: String? {
        problem.map { "settings such as the session last only while the server runs (\($0)) — choose another folder with --data-dir" }
    }
}
