import FlowShellServing
import NIOCore

/// The first handler of every SSH connection: it closes a connection that has not sent its
/// identification — the version line, `SSH-2.0-…` and a newline, which a client sends as soon
/// as it connects — within ``SSHBounds/identificationDeadline``, then leaves the pipeline. An
/// idle socket is so let go in seconds, not at the login timeout; what comes after the line
/// (the key exchange, logging in) is the login timeout's.
final class IdentificationDeadline: ConnectionDeadline, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer

    let deadline: TimeAmount
    var deadlineTask: Scheduled<Void>?
    private var identified = false
    var deadlineMet: Bool { identified }

    init(deadline: TimeAmount = SSHBounds.identificationDeadline) {
        self.deadline = deadline
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let buffer = unwrapInboundIn(data)
        let lineEnded = buffer.readableBytesView.contains(0x0A)
        context.fireChannelRead(data)
        if lineEnded, !identified {
            identified = true
            cancelDeadline()
            context.pipeline.syncOperations.removeHandler(context: context, promise: nil)
        }
    }
}

@available(*, unavailable)
extension IdentificationDeadline: Sendable {}
