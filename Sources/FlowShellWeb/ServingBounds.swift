import FlowShellServing
/// Every bound the server keeps, so that nothing a client does — signed in or not — can end the
/// server or stall a tab. docs/web.md names each with its number (a test checks that it does).
struct ServingBounds: Sendable, Equatable {
    /// At most this many tabs at once when the process may open enough files; one more is told
    /// so and closed until one closes.
    static let tabsAtMost = 1000
    /// Connections beyond the tabs: pages loading, tabs being refused.
    static let connectionMargin = 100
    /// Files the process keeps for itself beyond its connections: the data folder's databases,
    /// plugins' pipes, the config's watch, and what the runtime's threads open.
    static let reservedDescriptors = 128
    /// Connections beyond the cap answered 503 at once (each kept ``refusalLinger``); past them a
    /// connection is closed as soon as it is accepted. The server never stops accepting, so that
    /// a tab is never left in the system's queue behind connections it would refuse.
    static let refusalSlots = 32
    /// Connections whose request is not answered yet: all let in below 50; from 50 on, 30 % of
    /// new ones closed at once, rising evenly to all of them at 100 (``connectionMargin``, so that
    /// they never take the tabs' room); and at most 32 from one address (``Startups``).
    static let startups = Startups(start: 50, rate: 30, full: connectionMargin, perSource: 32)
    /// The length of the system's queue of connections not yet accepted: longer than a flood of
    /// 2,000 connections at once, so that a tab's is queued behind theirs (each accepted and
    /// closed in microseconds) rather than dropped, to be tried again a second later.
    static let backlog = 4096

    /// How long a connection may take to send its request's head — from connecting, or from its
    /// last answer — before it is closed (a browser sends it at once).
    static let headerDeadline: Duration = .seconds(5)
    /// How long a page's connection may stay open with no request before it is closed.
    static let idleTimeout: Duration = .seconds(30)
    /// How long a refused connection is kept, reading what it sends, before it is closed: so at
    /// most ``refusalSlots`` connections are refused in that time.
    static let refusalLinger: Duration = .seconds(2)
    /// The largest request head (its line and headers) read, in bytes.
    static let maximumHeaderSize = 32 * 1024
    /// How long a WebSocket may take to send its greeting (the token or its tab's key).
    static let greetingDeadline: Duration = .seconds(10)
    /// How often a WebSocket is pinged; one that has not answered by the next ping is dropped.
    static let pingInterval: Duration = .seconds(20)
    /// How long a closing WebSocket is given to answer the close before it is dropped.
    static let closeTimeout: Duration = .seconds(5)
    /// How long the server, told to stop (SIGTERM, SIGINT), waits for its tabs to answer the close
    /// before it cuts their connections: a client that never answers cannot hold a restart.
    static let shutdownGrace: Duration = .seconds(10)
    /// The largest message a page may send, in bytes, whether in one frame or in several.
    static let maximumMessageSize = 16 * 1024
    /// How many messages a tab may send at once, beyond its rate…
    static let messageBurst = 200
    /// …and per second after that; the server reads a faster tab's messages no faster.
    static let messagesPerSecond = 100

    /// The files this process may open (its soft limit, once raised to the hard one).
    let descriptorLimit: Int
    /// Connections served at once (tabs among them).
    let connections: Int
    /// Tabs open at once.
    let tabs: Int

    /// The bounds for a process that may open `descriptorLimit` files, or nil when that leaves
    /// too few for the server to work.
    init?(descriptorLimit: Int) {
        self.descriptorLimit = descriptorLimit
        connections = min(Self.tabsAtMost + Self.connectionMargin, descriptorLimit - Self.reservedDescriptors - Self.refusalSlots)
        guard connections >= 16 else { return nil }
        tabs = min(Self.tabsAtMost, connections - min(Self.connectionMargin, connections / 2))
    }

    /// Connections held at once: those served and those being refused (others are closed as
    /// soon as they are accepted).
    var acceptedConnections: Int { connections + Self.refusalSlots }

    /// What the server says at start when the file limit makes it take fewer tabs than it would.
    var warning: String? {
        guard tabs < Self.tabsAtMost else { return nil }
        return "warning: this process may open \(descriptorLimit) files at once (ulimit -n), so the server takes "
            + "\(tabs) tabs and \(connections) connections at most; raise the limit for more"
    }
}
