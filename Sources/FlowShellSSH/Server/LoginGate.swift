import NIOCore

/// The handler of the listening socket: it sees each connection as it is accepted, before it is
/// registered with an event loop or given an SSH handler, and closes there and then one that
/// ``Startups`` refuses (``SSHServerState/enterLogin(_:)``). Refusing so costs a close and nothing
/// else, so the server empties the system's queue of connections as fast as a flood fills it,
/// and a client logging in waits there behind the flood's connections for no longer than it
/// takes to close them.
final class LoginGate: ChannelInboundHandler {
    typealias InboundIn = Channel
    typealias InboundOut = Channel

    private let state: SSHServerState

    init(state: SSHServerState) {
        self.state = state
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let accepted = unwrapInboundIn(data)
        guard state.enterLogin(accepted) else {
            accepted.close(promise: nil)
            return
        }
        context.fireChannelRead(data)
    }
}

@available(*, unavailable)
extension LoginGate: Sendable {}
