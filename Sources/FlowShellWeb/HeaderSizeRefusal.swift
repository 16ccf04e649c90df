import HummingbirdCore
import Logging
import NIOCore
import NIOHTTP1

/// Serves each connection as `Served` does, answering a request whose head (its line and
/// headers) is larger than ``ServingBounds/maximumHeaderSize`` with 431 Request Header Fields
/// Too Large (``HeaderSizeRefusal``). Hummingbird turns NIO's HTTP error handling off and
/// leaves the decoder's error to end the connection, so the client would see only that.
struct HeaderSizeLimited<Served: ServerChildChannel>: ServerChildChannel {
    typealias Value = Served.Value

    let served: Served

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        served.setup(channel: channel, logger: logger).flatMapThrowing { value in
            // Right after the decoder, whose error it takes: the answer it writes goes out
            // through the response encoder before it.
            let pipeline = channel.pipeline.syncOperations
            let decoder = try pipeline.handler(type: ByteToMessageHandler<HTTPRequestDecoder>.self)
            try pipeline.addHandler(HeaderSizeRefusal(), position: .after(decoder))
            return value
        }
    }

    func handle(value: Value, logger: Logger) async {
        await served.handle(value: value, logger: logger)
    }
}

/// The 431 answer to a request head past the decoder's limit, then the end of the connection:
/// its output at once, all of it ``ServingBounds/refusalLinger`` later, so that the client has
/// read the answer before what it sent beyond the limit, unread, makes the close a reset.
final class HeaderSizeRefusal: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundOut = HTTPServerResponsePart

    private var answered = false

    /// What the client is told, in words.
    static let reason = "The request's headers are larger than the \(ServingBounds.maximumHeaderSize / 1024) KiB this server reads.\n"

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        guard let error = error as? HTTPParserError, error == .headerOverflow else {
            context.fireErrorCaught(error)
            return
        }
        guard !answered else { return }
        answered = true
        var head = HTTPResponseHead(version: .http1_1, status: .requestHeaderFieldsTooLarge)
        head.headers = ["Content-Type": "text/plain; charset=utf-8", "Content-Length": "\(Self.reason.utf8.count)", "Connection": "close"]
        context.write(wrapOutboundOut(.head(head)), promise: nil)
        context.write(wrapOutboundOut(.body(.byteBuffer(context.channel.allocator.buffer(string: Self.reason)))), promise: nil)
        context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
        context.close(mode: .output, promise: nil)
        context.eventLoop.assumeIsolated().scheduleTask(in: TimeAmount(ServingBounds.refusalLinger)) {
            context.close(promise: nil)
        }
    }
}

@available(*, unavailable)
extension HeaderSizeRefusal: Sendable {}
