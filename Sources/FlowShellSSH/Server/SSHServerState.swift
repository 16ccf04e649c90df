import FlowShellServing
import NIOConcurrencyHelpers
import NIOCore

/// What the SSH server's connections share, on whichever event loop they run: the bounds, the
/// keys, the sessions, and the counts the bounds are kept by.
final class SSHServerState: Sendable {
    let bounds: SSHBounds
    let keys: AuthorizedKeysFile
    let sessions: SSHSessions
    private let counts = NIOLockedValueBox(Counts())
    /// A number drawn at random from 0 up to 1, for ``Startups``' refusals.
    private let draw: @Sendable () -> Double

    private struct Counts {
        var startups = SSHBounds.startups
        /// The address of each connection logging in.
        var loggingIn: [ObjectIdentifier: String] = [:]
        var sessions = 0
        var nextSession = 0
        /// The channels of the open sessions, by session, to end them when the server stops.
        var open: [Int: Channel] = [:]
        var stopping = false
    }

    init(
        bounds: SSHBounds, keys: AuthorizedKeysFile, sessions: SSHSessions,
        draw: @escaping @Sendable () -> Double = { Double.random(in: 0..<1) }
    ) {
        self.bounds = bounds
        self.keys = keys
        self.sessions = sessions
        self.draw = draw
    }

    /// A connection just accepted starts logging in; false when ``Startups`` refuses it (it is
    /// then closed). It counts until ``leftLogin(_:)`` or until it closes.
    func enterLogin(_ channel: Channel) -> Bool {
        let source = channel.remoteAddress?.ipAddress ?? "unknown"
        let draw = self.draw()
        let admitted = counts.withLockedValue { counts in
            guard !counts.stopping, counts.startups.admit(from: source, draw: draw) else { return false }
            counts.loggingIn[ObjectIdentifier(channel)] = source
            return true
        }
        if admitted {
            channel.closeFuture.whenComplete { _ in self.leftLogin(channel) }
        }
        return admitted
    }

    /// `channel`'s client logged in, or it closed before: it no longer counts (once, whichever
    /// comes first).
    func leftLogin(_ channel: Channel) {
        counts.withLockedValue { counts in
            if let source = counts.loggingIn.removeValue(forKey: ObjectIdentifier(channel)) {
                counts.startups.leave(from: source)
            }
        }
    }

    /// Why a session cannot open now, if it cannot.
    enum Refusal: Error {
        case full(Int)
        case stopping
    }

    /// A session opens on `channel`: its number, or why it may not.
    func openSession(on channel: Channel) -> Result<Int, Refusal> {
        counts.withLockedValue { counts in
            if counts.stopping { return .failure(.stopping) }
            guard counts.sessions < bounds.sessions else { return .failure(.full(bounds.sessions)) }
            counts.sessions += 1
            counts.nextSession += 1
            counts.open[counts.nextSession] = channel
            return .success(counts.nextSession)
        }
    }

    /// The session `id` ended.
    func sessionEnded(_ id: Int) {
        counts.withLockedValue { counts in
            if counts.open.removeValue(forKey: id) != nil { counts.sessions -= 1 }
        }
    }

    /// How many sessions are open.
    var openSessions: Int {
        counts.withLockedValue { $0.sessions }
    }

    /// Takes no more sessions or logins, and returns the channels of those open.
    func stop() -> [Channel] {
        counts.withLockedValue { counts in
            counts.stopping = true
            return Array(counts.open.values)
        }
    }
}
