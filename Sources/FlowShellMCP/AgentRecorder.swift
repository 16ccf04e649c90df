import FlowCoordinator
import FlowShellKit
import FlowShellRuntime

/// What records an agent's session so that a person can replay it (`flowshell replay`): it is
/// shown everything the session shows, and told each line before it runs. The terminal's
/// recorder is one; the program that serves agents composes it, so that this module needs no
/// terminal.
@MainActor
package protocol AgentRecorder: SessionView {
    /// `line` is about to run, as typed.
    func recordInput(_ line: String)
}

/// Makes the recorder of each agent session opened, or nil when it is not recorded.
package typealias AgentRecorders = @MainActor (AgentRecordingStart) -> (any AgentRecorder)?

/// What a session's recording starts from.
package struct AgentRecordingStart: Sendable {
    /// The session's handle (a recording is named by its first characters only, as the audit
    /// log names it: the handle is the session's key).
    package let handle: String
    /// The flow's app.
    package let app: String
    /// The deep link the session opened at, if any.
    package let link: String?
    /// Where the session goes on from, when it was kept (the server restarted): its recording
    /// starts there, as a terminal's recording starts at the place it restored.
    package let place: NavigationSnapshot?
}
