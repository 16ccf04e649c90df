import FlowCoordinator

/// What a session knows, as one value: where it is (the navigation snapshot, modal layers and
/// all), the lines typed in it, its aliases and what `set` changed of the shell's own settings.
/// A front end that keeps sessions — a browser tab that reloads, a server that restarts — keeps
/// this through a ``SessionStateStore`` and hands it to ``Session/resume(_:)``: the session
/// goes on with the same `history`, `alias` and `set` as before, at the same place.
public struct SessionState: Codable, Sendable, Equatable {
    /// The version of this shape.
    public static let currentVersion = 1

    /// The shape's version.
    public var v = Self.currentVersion
    /// Where the session is.
    public var place: NavigationSnapshot
    /// The lines typed in it, oldest first (at most the history's limit).
    public var history: [String]
    /// What each alias stands for, by name.
    public var aliases: [String: String]
    /// The shell's own settings `set` changed from their defaults, by name.
    public var settings: [String: String]

    /// A session at `place` with `history`, `aliases` and `settings`.
    public init(place: NavigationSnapshot, history: [String] = [], aliases: [String: String] = [:], settings: [String: String] = [:]) {
        self.place = place
        self.history = history
        self.aliases = aliases
        self.settings = settings
    }

    private enum CodingKeys: String, CodingKey {
        case v, place, history, aliases, settings
    }

    /// Reads a session's state; a bare navigation snapshot (what a tab's place was before its
    /// session kept more) is read as the place alone.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        guard container.contains(.place) else {
            self.init(place: try NavigationSnapshot(from: decoder))
            return
        }
        self.init(
            place: try container.decode(NavigationSnapshot.self, forKey: .place),
            history: try container.decodeIfPresent([String].self, forKey: .history) ?? [],
            aliases: try container.decodeIfPresent([String: String].self, forKey: .aliases) ?? [:],
            settings: try container.decodeIfPresent([String: String].self, forKey: .settings) ?? [:])
        v = try container.decode(Int.self, forKey: .v)
    }
}

/// Where a front end keeps its sessions' states, by the session's id (a browser tab's): read
/// when a session comes back, written when what it knows changed. The browser's server keeps
/// them in the app's state folder; a shared store (PostgreSQL, `--database`) keeps them where
/// every server of the flow reads them, so that a session resumes on any of them.
public protocol SessionStateStore: Sendable {
    /// The state kept for `session`; nil when none is (never kept, forgotten, or unreadable).
    func state(of session: String) async -> SessionState?
    /// Keeps `state` for `session`.
    func keep(_ state: SessionState, for session: String) async
    /// Keeps `state` as `session` closes, as used now even when unchanged; returns once it is kept.
    func closed(_ session: String, with state: SessionState) async
    /// Forgets what was kept for `session` (it left with `quit`).
    func forget(_ session: String) async
    /// Forgets the states nobody came back to for long; a server calls it at start and hourly.
    func prune() async
    /// Why states are kept only while this process runs, in the user's words; nil while they are kept.
    var problem: String? { get async }
}

extension SessionStateStore {
    /// Keeps `state`.
    public func closed(_ session: String, with state: SessionState) async { await keep(state, for: session) }
    /// Nothing to forget.
    public func prune() async {}
    /// None.
    public var problem: String? { get async { nil } }
}
