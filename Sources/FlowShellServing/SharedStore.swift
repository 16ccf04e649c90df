import FlowShellKit
import FlowShellRuntime

/// Where the servers of a flow keep what they share with one another, when they are more than one
/// process (several machines behind a load balancer): the sessions' states, so that any server
/// resumes any session, the modules' records and settings, and the secrets every server must hold alike (the browser's token, under
/// which a tab's key verifies on any of them). Without one (no `--database`), each server keeps
/// them in the app's data folder, as one machine does.
public protocol SharedStore: SharedRecords {
    /// The kept states of `app`'s sessions of one kind (`web-tab`, `ssh-user`).
    func sessionStates(app: String, kind: String) -> any SessionStateStore
    /// `app`'s modules' settings, the same store each time it is asked for one app; nil when they
    /// stay in each server's data folder.
    @MainActor func settings(app: String) -> (any SharedSettingsStorage)?
    /// `app`'s secret called `name`: the one kept, or — when none is, or `renew` — one made by
    /// `make` and kept. Two servers starting at once get the same one.
    func secret(
        app: String, named name: String, renew: Bool, make: @Sendable () -> String
    ) async throws(SharedStoreFailure)
        -> String
}
