import FlowShellServing
import NIOCore
import NIOWebSocket

/// The first handler of every connection served, before any of HTTP's: it closes a connection
/// that has not been answered within ``ServingBounds/headerDeadline`` of connecting (one that
/// dribbles its request's head, or sends none), and when the answer switches the connection to
/// a WebSocket, puts ``MaskedFramesOnly`` behind the WebSocket's frame decoder before a byte of
/// the socket's frames reaches it.
///
/// Hand-written because neither Hummingbird nor swift-nio has either: Hummingbird's idle
/// timeout joins a connection only once its first request's head has been read, so a head
/// dribbled a byte a second was never timed; and swift-nio's frame decoder takes frames the
/// client did not mask, with no way into the pipeline Hummingbird builds for a WebSocket. Once the connection is answered the handler
/// leaves the pipeline: Hummingbird's idle timeout and the WebSocket's pings take over.
final class ConnectionDoor: ChannelDuplexHandler, ConnectionDeadline, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer
    typealias OutboundIn = IOData
    typealias OutboundOut = IOData

    /// At most this many bytes that follow a request's head are held until it is answered; a
    /// browser sends none (it waits for the answer).
    static let maximumHeld = 64 * 1024

    let deadline: TimeAmount
    var deadlineTask: Scheduled<Void>?
    /// How much of the end of a head, `\r\n\r\n`, the bytes read so far end with; 4 once read.
    private var headEndMatched = 0
    /// The head read so far, to find the length of a POST's body (`serve --mcp`'s requests).
    private var head: [UInt8] = []
    /// How many bytes after the head are its POST's body, passed on (the rest are held).
    private var bodyToPass = 0
    /// Bytes after the head, held until the answer says what they are.
    private var held: [ByteBuffer] = []
    private var heldCount = 0
    private var answered = false
    var deadlineMet: Bool { answered }
    /// Told when the connection is first answered (it is no longer on its way in: ``Startups``).
    private let onAnswered: @Sendable () -> Void

    init(deadline: Duration, answered: @escaping @Sendable () -> Void = {}) {
        self.deadline = TimeAmount(deadline)
        onAnswered = answered
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        var buffer = unwrapInboundIn(data)
        if answered || headEndMatched == 4 {
            passBody(&buffer, context: context)
            if buffer.readableBytes > 0 { hold(buffer, context: context) }
            return
        }
        // Passes the head on, and holds what follows it.
        let bytes = buffer.readableBytesView
        var index = bytes.startIndex
        while index < bytes.endIndex, headEndMatched < 4 {
            let expected: UInt8 = headEndMatched % 2 == 0 ? 13 : 10
            if bytes[index] == expected {
                headEndMatched += 1
            } else {
                headEndMatched = bytes[index] == 13 ? 1 : 0
            }
            index += 1
        }
        let headLength = index - bytes.startIndex
        if let head = buffer.readSlice(length: headLength), head.readableBytes > 0 {
            if self.head.count < ServingBounds.maximumHeaderSize { self.head += head.readableBytesView }
            if headEndMatched == 4 { bodyToPass = Self.postBodyLength(of: self.head) }
            context.fireChannelRead(wrapInboundOut(head))
        }
        passBody(&buffer, context: context)
        if buffer.readableBytes > 0 { hold(buffer, context: context) }
    }

    /// Passes on what of `buffer` is the POST's body still to come.
    private func passBody(_ buffer: inout ByteBuffer, context: ChannelHandlerContext) {
        guard !answered, bodyToPass > 0, buffer.readableBytes > 0,
            let body = buffer.readSlice(length: min(bodyToPass, buffer.readableBytes))
        else { return }
        bodyToPass -= body.readableBytes
        context.fireChannelRead(wrapInboundOut(body))
    }

    /// The `Content-Length` of a POST's head, at most ``maximumHeld`` (a longer body is refused
    /// once read that far); 0 for another method's. A browser's requests are GETs: only an
    /// agent's (`/mcp`) has a body, which the answer depends on.
    static func postBodyLength(of head: [UInt8]) -> Int {
        guard head.starts(with: "POST ".utf8) else { return 0 }
        let text = String(decoding: head, as: UTF8.self)
        for line in text.split(whereSeparator: \.isNewline) {
            let parts = line.split(separator: ":", maxSplits: 1)
            guard parts.count == 2, parts[0].lowercased() == "content-length",
                let length = Int(parts[1].filter { $0 != " " && $0 != "\t" }), length >= 0
            else { continue }
            return min(length, maximumHeld)
        }
        return 0
    }

    private func hold(_ buffer: ByteBuffer, context: ChannelHandlerContext) {
        heldCount += buffer.readableBytes
        guard heldCount <= Self.maximumHeld else {
            context.close(promise: nil)
            return
        }
        held.append(buffer)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        if !answered {
            answered = true
            onAnswered()
            cancelDeadline()
            let upgraded: Bool
            if case .byteBuffer(let buffer) = unwrapOutboundIn(data) {
                upgraded = buffer.readableBytesView.starts(with: "HTTP/1.1 101 ".utf8)
            } else {
                upgraded = false
            }
            // The pipeline changes once this answer is written: act after it.
            let loop = context.eventLoop.assumeIsolated()
            loop.execute { self.handOver(context: context, upgraded: upgraded, attempts: 0) }
        }
        context.write(data, promise: promise)
    }

    /// Leaves the pipeline, passing on what was held: at once for HTTP; for a WebSocket, once
    /// its frame decoder is in place and ``MaskedFramesOnly`` behind it.
    private func handOver(context: ChannelHandlerContext, upgraded: Bool, attempts: Int) {
        guard context.channel.isActive else { return }
        if upgraded {
            let pipeline = context.pipeline.syncOperations
            guard let decoder = try? pipeline.context(handlerType: ByteToMessageHandler<WebSocketFrameDecoder>.self) else {
                // The upgrade completes in a few turns of the event loop; a connection whose
                // upgrade never does is closed.
                guard attempts < 100 else {
                    context.close(promise: nil)
                    return
                }
                context.eventLoop.assumeIsolated().execute { self.handOver(context: context, upgraded: true, attempts: attempts + 1) }
                return
            }
            do {
                try pipeline.addHandler(MaskedFramesOnly(), position: .after(decoder.handler))
            } catch {
                context.close(promise: nil)
                return
            }
        }
        let held = self.held
        self.held = []
        for buffer in held { context.fireChannelRead(wrapInboundOut(buffer)) }
        if !held.isEmpty { context.fireChannelReadComplete() }
        context.pipeline.syncOperations.removeHandler(context: context, promise: nil)
    }
}

@available(*, unavailable)
extension ConnectionDoor: Sendable {}
