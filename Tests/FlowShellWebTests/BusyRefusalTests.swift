import Foundation
@testable import FlowShellWeb
import NIOCore
import NIOEmbedded
import Testing

/// A connection past the cap: told why with a 503, then closed.
@Suite struct BusyRefusalTests {
    @Test func itIsAnswered503WithTheReasonThenClosed() throws {
        let channel = EmbeddedChannel(handler: BusyRefusal(connections: 864))
        try channel.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: 8421)).wait()
        let answer = String(buffer: try #require(try channel.readOutbound(as: ByteBuffer.self)))
        #expect(answer.hasPrefix("HTTP/1.1 503 Service Unavailable\r\n"))
        #expect(answer.hasSuffix("\r\n\r\nThis server has 864 connections open, as many as it takes; try again in a moment.\n"))
        // Its request is read and dropped, and the connection is kept for its time, even once
        // the client is done: then it ends.
        try channel.writeInbound(ByteBuffer(string: "GET / HTTP/1.1\r\n"))
        #expect(try channel.readInbound(as: ByteBuffer.self) == nil)
        channel.pipeline.fireUserInboundEventTriggered(ChannelEvent.inputClosed)
        channel.embeddedEventLoop.advanceTime(by: .seconds(1))
        #expect(channel.isActive)
        channel.embeddedEventLoop.advanceTime(by: .seconds(1))
        #expect(!channel.isActive)
    }

    @Test func theAnswerSaysItsLength() {
        let answer = BusyRefusal.answer(connections: 1100)
        let (head, body) = (answer.components(separatedBy: "\r\n\r\n")[0], answer.components(separatedBy: "\r\n\r\n")[1])
        #expect(head.contains("Content-Length: \(body.utf8.count)\r\n") && head.contains("Connection: close"))
    }
}
