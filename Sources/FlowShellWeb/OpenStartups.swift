import FlowShellServing
import NIOCore
import Synchronization

/// The connections on their way in (``Startups``), counted across the event loops' threads:
/// each from when ``AdmissionGate`` lets it in until it is answered or closed.
final class OpenStartups: Sendable {
    private struct State {
        var startups = ServingBounds.startups
        /// The address of each connection on its way in.
        var waiting: [ObjectIdentifier: String] = [:]
    }

    private let state = Mutex(State())
    /// A number drawn at random from 0 up to 1.
    private let draw: @Sendable () -> Double

    init(draw: @escaping @Sendable () -> Double = { Double.random(in: 0..<1) }) {
        self.draw = draw
    }

    /// Counts `channel` if ``Startups`` lets it in, until it is answered or closed; says whether it did.
    func admit(_ channel: any Channel) -> Bool {
        let source = channel.remoteAddress?.ipAddress ?? "unknown"
        let draw = self.draw()
        let admitted = state.withLock { state in
            guard state.startups.admit(from: source, draw: draw) else { return false }
            state.waiting[ObjectIdentifier(channel)] = source
            return true
        }
        if admitted {
            channel.closeFuture.whenComplete { _ in self.arrived(channel) }
        }
        return admitted
    }

    /// `channel` was answered or closed: it is no longer on its way in (once, whichever comes first).
    func arrived(_ channel: any Channel) {
        state.withLock { state in
            if let source = state.waiting.removeValue(forKey: ObjectIdentifier(channel)) {
                state.startups.leave(from: source)
            }
        }
    }

    /// How many are on their way in now.
    var pending: Int {
        state.withLock { $0.startups.pending }
    }
}
