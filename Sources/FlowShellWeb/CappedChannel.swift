import HummingbirdCore
import Logging
import NIOCore
import Synchronization

/// Each connection the server accepts, served as `Served` serves it — behind a
/// ``ConnectionDoor`` — while fewer than `cap` are; one more is answered
/// ``BusyRefusal``'s 503 and closed. (Past the refusals too, Hummingbird's
/// `MaximumAvailableConnections` stops accepting until a connection closes.)
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
    let open = OpenConnections()

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        guard open.enter(below: cap) else {
            return channel.eventLoop.makeCompletedFuture {
                try channel.pipeline.syncOperations.addHandler(BusyRefusal(connections: cap))
                return .refused(channel)
            }
        }
        let open = self.open
        channel.closeFuture.whenComplete { _ in open.leave() }
        do {
            try channel.pipeline.syncOperations.addHandler(ConnectionDoor(deadline: ServingBounds.headerDeadline), position: .first)
        } catch {
            return channel.eventLoop.makeFailedFuture(error)
        }
        return served.setup(channel: channel, logger: logger).map { .served($0) }
    }

    func handle(value: Value, logger: Logger) async {
        if case .served(let value) = value {
            await served.handle(value: value, logger: logger)
        }
    }
}

/// How many connections are served now, counted across the event loops' threads.
final class OpenConnections: Sendable {
    private let count = Mutex(0)

    /// Counts one more connection if fewer than `cap` are open; says whether it did.
    func enter(below cap: Int) -> Bool {
        count.withLock { count in
            guard count < cap else { return false }
            count += 1
            return true
        }
    }

    func leave() {
        count.withLock { $0 -= 1 }
    }
}
