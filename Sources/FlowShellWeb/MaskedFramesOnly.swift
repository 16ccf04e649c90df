import NIOCore
import NIOWebSocket

/// Closes a WebSocket whose client sends a frame it did not mask, with code 1002 (protocol
/// error), as RFC 6455 asks of a server (section 5.1); the frame goes no further. A browser
/// masks every frame, so only a client that is not one is closed. ``ConnectionDoor`` puts it
/// behind the frame decoder, which does not check.
final class MaskedFramesOnly: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = WebSocketFrame
    typealias InboundOut = WebSocketFrame
    typealias OutboundOut = WebSocketFrame

    private var closing = false

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard !closing else { return }
        guard unwrapInboundIn(data).maskKey != nil else {
            closing = true
            var code = context.channel.allocator.buffer(capacity: 2)
            code.write(webSocketErrorCode: .protocolError)
            let close = WebSocketFrame(fin: true, opcode: .connectionClose, data: code)
            context.writeAndFlush(wrapOutboundOut(close)).assumeIsolated().whenComplete { _ in
                context.close(promise: nil)
            }
            return
        }
        context.fireChannelRead(data)
    }
}

@available(*, unavailable)
extension MaskedFramesOnly: Sendable {}
