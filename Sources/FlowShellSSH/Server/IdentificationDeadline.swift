import NIOCore

/// The first handler of every SSH connection: it closes a connection that has not sent its
/// identification — the version line, `SSH-2.0-…` and a newline, which a client sends as soon
/// as it connects — within ``SSHBounds/identificationDeadline``, then leaves the pipeline. An
/// idle socket is so let go in seconds, not at the login timeout; what comes after the line
/// (the key exchange, logging in) is the login timeout's.
final class IdentificationDeadline: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer

    private let deadline: TimeAmount
    private var task: Scheduled<Void>?
    private var identified = false

    init(deadline: TimeAmount = SSHBounds.identificationDeadline) {
        self.deadline = deadline
    }

    func handlerAdded(context: ChannelHandlerContext) {
        if context.channel.isActive { start(context: context) }
    }

    func channelActive(context: ChannelHandlerContext) {
        start(context: context)
        context.fireChannelActive()
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        task?.cancel()
        task = nil
    }

    private func start(context: ChannelHandlerContext) {
        guard task == nil, !identified else { return }
        task = context.eventLoop.assumeIsolated().scheduleTask(in: deadline) {
            context.close(promise: nil)
        }
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let buffer = unwrapInboundIn(data)
        let lineEnded = buffer.readableBytesView.contains(0x0A)
        context.fireChannelRead(data)
        if lineEnded, !identified {
            identified = true
            task?.cancel()
            task = nil
            context.pipeline.syncOperations.removeHandler(context: context, promise: nil)
        }
    }
}

@available(*, unavailable)
extension IdentificationDeadline: Sendable {}
