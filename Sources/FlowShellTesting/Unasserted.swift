import Synchronization
import Testing

/// What a harness saw that its test has not asserted yet: the updates screens pushed by
/// themselves and the events they emitted, in order. Kept apart from the harness, behind a lock,
/// so that the harness's deinit — which may run on any thread — can still report it.
final class Unasserted: Sendable {
    /// What is left to assert, and whether it was reported.
    private struct State {
        var updates: [String] = []
        var events: [String] = []
        var exhaustivity: Exhaustivity
        var finished = false
    }

    private let state: Mutex<State>
    private let harness: String
    private let createdAt: Testing.SourceLocation

    init(harness: String, exhaustivity: Exhaustivity, createdAt: Testing.SourceLocation) {
        self.harness = harness
        state = Mutex(State(exhaustivity: exhaustivity))
        self.createdAt = createdAt
    }

    var mode: Exhaustivity {
        get { state.withLock { $0.exhaustivity } }
        set { state.withLock { $0.exhaustivity = newValue } }
    }

    /// A screen showed itself: `lines` describe it.
    func update(_ lines: [String]) {
        let summary = lines.filter { $0.hasPrefix("title:") || $0.hasPrefix("status:") || $0.hasPrefix("row:") || $0.hasPrefix("text:") }
            .prefix(4).joined(separator: "; ")
        state.withLock { $0.updates.append(summary) }
    }

    /// The oldest update not asserted is asserted now.
    func takeUpdate() {
        state.withLock { if !$0.updates.isEmpty { $0.updates.removeFirst() } }
    }

    /// Events were emitted.
    func emitted(_ described: [String]) {
        state.withLock { $0.events += described }
    }

    /// Every event emitted so far is asserted now.
    func takeEvents() {
        state.withLock { $0.events.removeAll() }
    }

    /// Lets go of everything not asserted yet.
    func skipAll() {
        state.withLock { state in
            state.updates.removeAll()
            state.events.removeAll()
        }
    }

    /// Records an issue listing what was left, when exhaustivity is on; once.
    func finish(at location: Testing.SourceLocation? = nil) {
        let report: String? = state.withLock { state in
            guard !state.finished else { return nil }
            state.finished = true
            guard state.exhaustivity == .on, !state.updates.isEmpty || !state.events.isEmpty else { return nil }
            var lines = ["\(harness): the test left unasserted what the screen did (assert it, or pass exhaustivity: .off):"]
            lines += state.updates.map { "  an update it pushed by itself (nextUpdate()): \($0)" }
            lines += state.events.map { "  the event \($0) (expectEvents)" }
            return lines.joined(separator: "\n")
        }
        if let report { Issue.record(Comment(rawValue: report), sourceLocation: location ?? createdAt) }
    }
}
