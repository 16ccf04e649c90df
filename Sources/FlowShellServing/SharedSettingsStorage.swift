import FlowShellRuntime

/// The modules' settings of one app (the signed-in account, `set booking-hours`) kept where every
/// server of the flow reads them (`--database`). A module reads and writes them at once, as it
/// does the data folder's; what another server wrote is read again by ``refresh()``, and a
/// server awaits ``current()`` before each session starts, so that a person signed in through one
/// server is signed in on any other.
@MainActor
public protocol SharedSettingsStorage: SettingsStorage {
    /// Reads every setting of the app again (what this server has not yet kept stays as it set it).
    func refresh() async
    /// Returns once the settings are what the database holds, as far as this server can know:
    /// read again unless every change since they were last read has been told to it.
    func current() async
    /// Returns once every change made before it was called has been kept, or could not be.
    func settled() async
}
