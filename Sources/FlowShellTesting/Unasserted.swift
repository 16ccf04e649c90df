import Foundation
import Testing

/// What a harness saw that its test has not asserted yet: the updates screens pushed by
/// themselves and the events they emitted, in order. Kept apart from the harness, behind a lock,
/// so that the harness's deinit — which may run on any thread — can still report it.
final class Unasserted: @unchecked Sendable {
    // @unchecked: every stored property is guarded by `lock`.
    private let lock = NSLock()
    private var updates: [String] = []
    private var events: [String] = []
    private var exhaustivity: Exhaustivity
    private var finished = false
    private let harness: String
    private let createdAt: Testing.SourceLocation

    init(harness: String, exhaustivity: Exhaustivity, createdAt: Testing.SourceLocation) {
        self.harness = harness
        self.exhaustivity = exhaustivity
        self.createdAt = createdAt
    }

    var mode: Exhaustivity {
        get { lock.withLock { exhaustivity } }
        set { lock.withLock { exhaustivity = newValue } }
    }

    /// A screen showed itself: `lines` describe it.
    func update(_ lines: [String]) {
        let summary = lines.filter { $0.hasPrefix("title:") || $0.hasPrefix("status:") || $0.hasPrefix("row:") || $0.hasPrefix("text:") }
            .prefix(4).joined(separator: "; ")
        lock.withLock { updates.append(summary) }
    }

    /// The oldest update not asserted is asserted now.
    func takeUpdate() {
        lock.withLock { if !updates.isEmpty { updates.removeFirst() } }
    }

    /// Events were emitted.
    func emitted(_ described: [String]) {
        lock.withLock { events += described }
    }

    /// Every event emitted so far is asserted now.
    func takeEvents() {
        lock.withLock { events.removeAll() }
    }

    /// Lets go of everything not asserted yet.
    func skipAll() {
        lock.withLock {
            updates.removeAll()
            events.removeAll()
        }
    }

    /// Records an issue listing what was left, when exhaustivity is on; once.
    func finish(at location: Testing.SourceLocation? = nil) {
        let report: String? = lock.withLock {
            guard !finished else { return nil }
            finished = true
            guard exhaustivity == .on, !updates.isEmpty || !events.isEmpty else { return nil }
            var lines = ["\(harness): the test left unasserted what the screen did (assert it, or pass exhaustivity: .off):"]
            lines += updates.map { "  an update it pushed by itself (nextUpdate()): \($0)" }
            lines += events.map { "  the event \($0) (expectEvents)" }
            return lines.joined(separator: "\n")
        }
        if let report { Issue.record(Comment(rawValue: report), sourceLocation: location ?? createdAt) }
    }
}
