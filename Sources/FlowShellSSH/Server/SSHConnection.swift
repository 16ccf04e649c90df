import FlowShellServing
import FlowShellKit
import NIOCore

/// One client's connection, used on its event loop only: who logged in, the deadline by which
/// it must open a session, and how many sessions it has open.
final class SSHConnection {
    let channel: Channel
    let server: SSHServerState
    /// Who logged in, once someone did.
    private(set) var user: ConnectedUser?
    private var sessions = 0
    private var deadline: Scheduled<Void>?
    init(channel: Channel, server: SSHServerState) {
        self.channel = channel
        self.server = server
    }

    /// Starts the clock: a connection that has not opened a session within the login timeout is closed.
    func start() {
        armDeadline()
        channel.closeFuture.assumeIsolated().whenComplete { [self] _ in
            deadline?.cancel()
        }
    }

    /// The client proved it holds a listed key: it is `user` from now on.
    func loggedIn(as user: ConnectedUser) {
        self.user = user
        // It no longer counts among the connections logging in (AdmissionGate counted it).
        server.leftLogin(channel)
    }

    /// A session opens on this connection; false when it has as many as it may.
    func openSession() -> Bool {
        guard sessions < SSHBounds.sessionsPerConnection else { return false }
        sessions += 1
        deadline?.cancel()
        deadline = nil
        return true
    }

    /// A session of this connection ended: with none left, the connection is closed unless it
    /// opens another within the login timeout (OpenSSH's client leaves by itself first).
    func sessionEnded() {
        sessions -= 1
        if sessions == 0 { armDeadline() }
    }

    private func armDeadline() {
        deadline?.cancel()
        let channel = self.channel
        deadline = channel.eventLoop.scheduleTask(in: server.bounds.loginTimeout) {
            channel.close(promise: nil)
        }
    }
}
