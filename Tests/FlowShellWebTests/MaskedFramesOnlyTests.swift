@testable import FlowShellWeb
import NIOCore
import NIOEmbedded
import NIOWebSocket
import Testing

/// RFC 6455 §5.1: a server closes a connection whose client sent a frame it did not mask.
@Suite struct MaskedFramesOnlyTests {
    func frame(masked: Bool) -> WebSocketFrame {
        WebSocketFrame(
            fin: true, opcode: .text, maskKey: masked ? WebSocketMaskingKey([1, 2, 3, 4]) : nil,
            data: ByteBuffer(string: #"{"type": "run"}"#))
    }

    @Test func aMaskedFrameGoesOn() throws {
        let channel = EmbeddedChannel(handler: MaskedFramesOnly())
        try channel.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: 8421)).wait()
        try channel.writeInbound(frame(masked: true))
        #expect(try channel.readInbound(as: WebSocketFrame.self)?.maskKey != nil)
        #expect(channel.isActive)
        _ = try channel.finish()
    }

    @Test func anUnmaskedFrameClosesWithAProtocolError() throws {
        let channel = EmbeddedChannel(handler: MaskedFramesOnly())
        try channel.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: 8421)).wait()
        try channel.writeInbound(frame(masked: false))
        try channel.writeInbound(frame(masked: true))
        #expect(try channel.readInbound(as: WebSocketFrame.self) == nil)
        var close = try #require(try channel.readOutbound(as: WebSocketFrame.self))
        #expect(close.opcode == .connectionClose && close.data.readWebSocketErrorCode() == .protocolError)
        #expect(!channel.isActive)
    }
}
