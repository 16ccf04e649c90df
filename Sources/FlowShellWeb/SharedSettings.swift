import FlowShellRuntime
import FlowShellSettings

/// The modules' settings of one server, opened once for its tabs: the settings database in the
/// app's data folder (opened when a setting is first read or written), or the reason it cannot
/// be, which each tab's start reports as a terminal's does.
@MainActor
final class SharedSettings {
    private var opened: [String: Result<any SettingsStorage, any Error>] = [:]

    /// The settings in `folder`, the same for every tab.
    func open(inFolder folder: String) throws -> any SettingsStorage {
        if let result = opened[folder] { return try result.get() }
        let result = Result { try SettingsDatabase.open(inFolder: folder) }
        opened[folder] = result
        return try result.get()
    }
}
