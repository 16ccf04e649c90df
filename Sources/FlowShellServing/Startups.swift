/// The connections on their way in — accepted, not yet logged in (SSH) or answered (HTTP) —
/// counted overall and by the address they come from, and the rule that lets a new one in, as
/// OpenSSH's `MaxStartups start:rate:full` with `PerSourceMaxStartups`: every one while fewer than
/// `start` are on their way in; from `start`, each refused at random, `rate` % of them at `start`
/// rising evenly to all at `full`; and none from an address that has `perSource` on their way in
/// already. One who holds many idle connections or half-sent requests from one address holds only
/// `perSource`, and a login or a tab from elsewhere goes on; many addresses together are slowed,
/// at random, never let past `full`. A refused connection is closed as soon as it is accepted
/// (``AdmissionGate``), so refusing costs no file for long.
package struct Startups: Sendable, Equatable {
    /// From this many on their way in, new ones are refused at random.
    package let start: Int
    /// The share refused at `start`, in percent.
    package let rate: Int
    /// From this many, every new one is refused.
    package let full: Int
    /// At most this many from one address.
    package let perSource: Int
    /// How many are on their way in now.
    package private(set) var pending = 0
    /// How many by address.
    package private(set) var bySource: [String: Int] = [:]

    package init(start: Int, rate: Int, full: Int, perSource: Int) {
        self.start = start
        self.rate = rate
        self.full = max(full, start + 1)
        self.perSource = perSource
    }

    /// The chance that a new connection is refused while `pending` are on their way in (from
    /// addresses with room for it).
    package func refusalChance(pending: Int) -> Double {
        if pending < start { return 0 }
        if pending >= full { return 1 }
        let least = Double(rate) / 100
        return least + (1 - least) * Double(pending - start) / Double(full - start)
    }

    /// A connection from `source` wants in; `draw` is a number drawn at random from 0 up to 1.
    /// Counts it and says true when it is let in.
    package mutating func admit(from source: String, draw: Double) -> Bool {
        guard bySource[source, default: 0] < perSource, draw >= refusalChance(pending: pending) else { return false }
        pending += 1
        bySource[source, default: 0] += 1
        return true
    }

    /// A connection let in from `source` logged in or was answered, or closed before it did.
    package mutating func leave(from source: String) {
        guard let count = bySource[source] else { return }
        pending -= 1
        bySource[source] = count > 1 ? count - 1 : nil
    }
}
