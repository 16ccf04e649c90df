import FlowShellServing
import HummingbirdCore
import Logging
import NIOCore

/// Each connection the server accepts that ``AdmissionGate`` let in, served as `Served` serves it
/// — behind a ``ConnectionDoor`` — while fewer than `cap` are; one more is answered
/// ``BusyRefusal``'s 503 and closed while ``ServingBounds/refusalSlots`` have room, and any other
/// is closed as soon as it is accepted: the server never stops accepting, so a tab is never left
/// in the system's queue while others hold the server.
struct CappedChannel<Served: ServerChildChannel>: ServerChildChannel {
    enum Value: ServerChildChannelValue {
        case served(Served.Value)
        case refused(any Channel)

        var channel: any Channel {
            switch self {
            case .served(let value): value.channel
            case .refused(let channel): channel
            }
        }
    }

    let served: Served
    /// Connections served at once.
    let cap: Int
    /// The connections served now, and those being refused.
    let open = BoundedCount()
    let refusing = BoundedCount()
    /// The connections on their way in, which ``AdmissionGate`` counts.
    let startups: OpenStartups

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        guard open.enter(below: cap) else {
            startups.arrived(channel)
            guard refusing.enter(below: ServingBounds.refusalSlots) else { return closedAtOnce(channel) }
            let refusing = self.refusing
            channel.closeFuture.whenComplete { _ in refusing.leave() }
            return channel.eventLoop.makeCompletedFuture {
                try channel.pipeline.syncOperations.addHandler(BusyRefusal(connections: cap))
                return .refused(channel)
            }
        }
        let open = self.open
        let startups = self.startups
        channel.closeFuture.whenComplete { _ in open.leave() }
        do {
            // Answered, it is no longer on its way in (AdmissionGate counted it).
            let door = ConnectionDoor(deadline: ServingBounds.headerDeadline, answered: { startups.arrived(channel) })
            try channel.pipeline.syncOperations.addHandler(door, position: .first)
        } catch {
            return channel.eventLoop.makeFailedFuture(error)
        }
        return served.setup(channel: channel, logger: logger).map { .served($0) }
    }

    /// Closes `channel` now: refusing costs no file for longer than that.
    private func closedAtOnce(_ channel: any Channel) -> EventLoopFuture<Value> {
        channel.close(promise: nil)
        return channel.eventLoop.makeSucceededFuture(.refused(channel))
    }

    func handle(value: Value, logger: Logger) async {
        if case .served(let value) = value {
            await served.handle(value: value, logger: logger)
        }
    }
}
