import NIOCore

/// The server's side of a session's pseudo-terminal, as a channel on the session's event loop:
/// what the session shows there is read as it comes and sent to the client. It is always read,
/// so that the session (and the main actor, which writes for every session) never waits on a
/// client that is slow to take it; ``SSHBounds/unreadOutputLimit`` bounds what piles up.
final class TerminalRelay: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer

    private let session: NIOLoopBound<SessionChannelHandler>

    init(session: NIOLoopBound<SessionChannelHandler>) {
        self.session = session
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        session.value.terminalShowed(unwrapInboundIn(data))
    }

    func channelWritabilityChanged(context: ChannelHandlerContext) {
        // What the client types waits in the SSH channel while the terminal takes no more.
        session.value.terminalAccepts(context.channel.isWritable)
        context.fireChannelWritabilityChanged()
    }

    func channelInactive(context: ChannelHandlerContext) {
        session.value.terminalClosed()
        context.fireChannelInactive()
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        // EIO once the session's side of the terminal is closed: the session has ended.
        context.close(promise: nil)
    }
}
