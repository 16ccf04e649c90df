import NIOCore

/// The first handler of the listening socket's pipeline: it sees each connection as it is
/// accepted, before it is registered with an event loop, and closes there and then one that
/// ``Startups`` refuses (``OpenStartups``). Refusing so costs a close and nothing else — no
/// event loop, no handler, no task of the server's — so the server empties the system's queue
/// of connections as fast as a flood fills it, and a tab's connection waits there behind
/// theirs for no longer than it takes to close them (under a flood of 2,000 half-sent requests,
/// on 2 cores and the debug build, a page came in 0.01–0.1 s; refused after Hummingbird's
/// handlers had set each connection up, in 0.25–0.35 s).
final class StartupGate: ChannelInboundHandler {
    typealias InboundIn = Channel
    typealias InboundOut = Channel

    private let startups: OpenStartups

    init(startups: OpenStartups) {
        self.startups = startups
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let accepted = unwrapInboundIn(data)
        guard startups.admit(accepted) else {
            accepted.close(promise: nil)
            return
        }
        context.fireChannelRead(data)
    }
}

@available(*, unavailable)
extension StartupGate: Sendable {}
