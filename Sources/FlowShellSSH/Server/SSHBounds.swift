import FlowShellServing
import NIOCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Every bound the SSH server keeps, so that nothing a client does — logged in or not — can end
/// the server or stall a session. docs/ssh.md names each with its number.
struct SSHBounds: Sendable {
    /// How long a connection may take from connecting to opening its first session (the key
    /// exchange, logging in, asking for a terminal), before it is closed; and how long a
    /// connection whose sessions all ended is kept.
    static let defaultLoginTimeout: TimeAmount = .seconds(30)
    /// How many authentication requests one connection may make (OpenSSH's client makes two
    /// for each key it offers: a query, then the signed request); the next one ends it.
    static let authenticationRequests = 20
    /// How long a connection may take to send its identification (the version line, which a
    /// client sends as soon as it connects) before it is closed: a socket that says nothing is
    /// let go long before the login timeout.
    static let identificationDeadline: TimeAmount = .seconds(5)
    /// Connections that have not logged in yet: all let in below 32; from 32 on, 30 % of new
    /// ones closed at once, rising evenly to all of them at 128; and at most 16 from one address
    /// (``Startups``). The server never stops accepting: a connection it refuses is closed as
    /// soon as it is accepted, so a client logging in is never left waiting behind others.
    static let startups = Startups(start: 32, rate: 30, full: 128, perSource: 16)
    /// The length of the system's queue of connections not yet accepted: longer than a flood of
    /// 2,000 connections at once, so that a client's is queued behind theirs (each accepted and
    /// closed in microseconds) rather than dropped, to be tried again a second later.
    static let backlog: Int32 = 4096
    /// Sessions (shells and commands) one connection may have open at once.
    static let sessionsPerConnection = 10
    /// Sessions at most, when the process may open enough files.
    static let sessionsAtMost = 500
    /// Files each session holds: its connection, the two sides of its terminal and the line
    /// editor's copies, the editor's wake-up pipes.
    static let descriptorsPerSession = 10
    /// Files the process keeps for itself beyond its sessions: the data folder's databases,
    /// plugins' pipes, a browser's connections when both serve in one process.
    static let reservedDescriptors = 256
    /// What a session may have shown that its client has not taken yet, in bytes: a client that
    /// stops reading (a frozen terminal) has its session closed at this, rather than the server
    /// holding more and more for it.
    static let unreadOutputLimit = 4 * 1024 * 1024
    /// The largest terminal window a client may ask for, in columns and rows.
    static let largestWindow = 1000
    /// How long sessions are given to end when the server stops.
    static let stopGrace: TimeAmount = .seconds(5)
    /// The socket option for the silence before keepalive probes (named differently on Darwin).
    #if canImport(Darwin)
    static let keepAliveIdleOption = TCP_KEEPALIVE
    #else
    static let keepAliveIdleOption = TCP_KEEPIDLE
    #endif
    /// How long a client may send nothing before its session ends, unless `--ssh-idle-timeout` says.
    static let defaultIdleTimeout: TimeAmount = .minutes(30)

    /// Sessions open at once.
    let sessions: Int
    /// How long a client may send nothing before its session ends; nil: never.
    let idleTimeout: TimeAmount?
    /// How long a connection may take to open its first session.
    let loginTimeout: TimeAmount

    /// The bounds for a process that may open `descriptorLimit` files, or nil when that leaves
    /// too few for the server to work.
    init?(descriptorLimit: Int, idleTimeout: TimeAmount?, loginTimeout: TimeAmount = Self.defaultLoginTimeout) {
        let fitting = (descriptorLimit - Self.reservedDescriptors - Self.startups.full) / Self.descriptorsPerSession
        guard fitting >= 4 else { return nil }
        sessions = min(Self.sessionsAtMost, fitting)
        self.idleTimeout = idleTimeout
        self.loginTimeout = loginTimeout
    }

    /// What the server says at start when the file limit makes it take fewer sessions than it would.
    var warning: String? {
        guard sessions < Self.sessionsAtMost else { return nil }
        return
            "warning: this process may open too few files at once (ulimit -n) for more than \(sessions) SSH sessions; raise the limit for more"
    }
}
