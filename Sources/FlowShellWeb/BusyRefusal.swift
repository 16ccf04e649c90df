import NIOCore

/// What a connection beyond the cap gets: a 503 that says why and, ``ServingBounds/refusalLinger``
/// later, the end of the connection. What the client sends meanwhile is read and dropped
/// (closing with it unread would reset the connection, and the client might lose the answer).
/// The connection is kept that long even when the client is done, so that refusals come at a
/// bounded rate — ``ServingBounds/refusalSlots`` in that time — rather than as fast as a client
/// can connect again.
final class BusyRefusal: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias OutboundOut = ByteBuffer

    private let connections: Int
    private var answered = false

    init(connections: Int) {
        self.connections = connections
    }

    /// The answer, whole: status, headers and the reason in words.
    static func answer(connections: Int) -> String {
        let reason = "This server has \(connections) connections open, as many as it takes; try again in a moment.\n"
        return "HTTP/1.1 503 Service Unavailable\r\nContent-Type: text/plain; charset=utf-8\r\n"
            + "Content-Length: \(reason.utf8.count)\r\nRetry-After: 5\r\nConnection: close\r\n\r\n" + reason
    }

    func handlerAdded(context: ChannelHandlerContext) {
        if context.channel.isActive { answer(context: context) }
    }

    func channelActive(context: ChannelHandlerContext) {
        answer(context: context)
        context.fireChannelActive()
    }

    private func answer(context: ChannelHandlerContext) {
        guard !answered else { return }
        answered = true
        // The answer says its length, so the client has it whole without waiting for the end of
        // the connection; the connection is not half-closed, which would end it as soon as the
        // client closes its side.
        let buffer = context.channel.allocator.buffer(string: Self.answer(connections: connections))
        context.writeAndFlush(wrapOutboundOut(buffer), promise: nil)
        context.eventLoop.assumeIsolated().scheduleTask(in: TimeAmount(ServingBounds.refusalLinger)) {
            context.close(promise: nil)
        }
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {}

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        // The client is done: the connection still ends only when its time is up.
        if case .inputClosed? = event as? ChannelEvent { return }
        context.fireUserInboundEventTriggered(event)
    }
}

@available(*, unavailable)
extension BusyRefusal: Sendable {}
