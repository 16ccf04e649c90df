@testable import FlowShellWeb
import NIOCore
import NIOEmbedded
import Testing

/// The first handler of a connection: a request's head within its deadline, what follows held
/// until the answer says what the connection is.
@Suite struct ConnectionDoorTests {
    func connected() throws -> EmbeddedChannel {
        let channel = EmbeddedChannel(handler: ConnectionDoor(deadline: .seconds(10)))
        try channel.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: 8421)).wait()
        return channel
    }

    func bytes(_ text: String) -> ByteBuffer { ByteBuffer(string: text) }

    func readText(_ channel: EmbeddedChannel) throws -> String {
        var text = ""
        while let buffer = try channel.readInbound(as: ByteBuffer.self) { text += String(buffer: buffer) }
        return text
    }

    @Test func aHeadIsPassedOnAndWhatFollowsItWaitsForTheAnswer() throws {
        let channel = try connected()
        try channel.writeInbound(bytes("GET / HTTP/1.1\r\nHost: x\r"))
        try channel.writeInbound(bytes("\n\r"))
        try channel.writeInbound(bytes("\nGET /app.js HTTP/1.1\r\n"))
        #expect(try readText(channel) == "GET / HTTP/1.1\r\nHost: x\r\n\r\n")
        try channel.writeInbound(bytes("Host: x\r\n\r\n"))
        #expect(try readText(channel) == "")
        // An answer that is not a WebSocket's: what waited goes on, and the door leaves.
        try channel.writeOutbound(IOData.byteBuffer(bytes("HTTP/1.1 200 OK\r\n\r\n")))
        channel.embeddedEventLoop.run()
        #expect(try readText(channel) == "GET /app.js HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(throws: (any Error).self) { try channel.pipeline.syncOperations.handler(type: ConnectionDoor.self) }
        #expect(channel.isActive)
        _ = try channel.finish()
    }

    @Test func aPostsBodyIsPassedOnAndOnlyItsDeclaredLength() throws {
        let channel = try connected()
        // An agent's request (`serve --mcp`): the answer depends on its body.
        try channel.writeInbound(bytes("POST /mcp HTTP/1.1\r\nHost: x\r\ncontent-length:  7\r\n\r\n{\"a\""))
        try channel.writeInbound(bytes(":1}GET / HTTP/1.1\r\n\r\n"))
        #expect(try readText(channel) == "POST /mcp HTTP/1.1\r\nHost: x\r\ncontent-length:  7\r\n\r\n{\"a\":1}")
        try channel.writeOutbound(IOData.byteBuffer(bytes("HTTP/1.1 200 OK\r\n\r\n")))
        channel.embeddedEventLoop.run()
        #expect(try readText(channel) == "GET / HTTP/1.1\r\n\r\n")
        _ = try channel.finish()
        #expect(ConnectionDoor.postBodyLength(of: Array("GET / HTTP/1.1\r\nContent-Length: 5\r\n\r\n".utf8)) == 0)
        #expect(
            ConnectionDoor.postBodyLength(of: Array("POST / HTTP/1.1\r\nContent-Length: 999999\r\n\r\n".utf8)) == ConnectionDoor.maximumHeld
        )
        #expect(ConnectionDoor.postBodyLength(of: Array("POST / HTTP/1.1\r\nContent-Length: -1\r\n\r\n".utf8)) == 0)
    }

    @Test func aConnectionNotAnsweredWithinTheDeadlineIsClosed() throws {
        let channel = try connected()
        try channel.writeInbound(bytes("GET / HTTP/1.1\r\nX-Slow: a"))
        channel.embeddedEventLoop.advanceTime(by: .seconds(9))
        try channel.writeInbound(bytes("a"))
        #expect(channel.isActive)
        channel.embeddedEventLoop.advanceTime(by: .seconds(1))
        #expect(!channel.isActive)
    }

    @Test func anAnsweredConnectionIsNotClosedByTheDeadline() throws {
        let channel = try connected()
        try channel.writeInbound(bytes("GET / HTTP/1.1\r\n\r\n"))
        try channel.writeOutbound(IOData.byteBuffer(bytes("HTTP/1.1 200 OK\r\n\r\n")))
        channel.embeddedEventLoop.run()
        channel.embeddedEventLoop.advanceTime(by: .seconds(60))
        #expect(channel.isActive)
        _ = try channel.finish()
    }

    @Test func aClientThatSendsTooMuchBeforeTheAnswerIsClosed() throws {
        let channel = try connected()
        try channel.writeInbound(bytes("GET / HTTP/1.1\r\n\r\n"))
        try channel.writeInbound(ByteBuffer(repeating: 0x61, count: ConnectionDoor.maximumHeld + 1))
        #expect(!channel.isActive)
    }
}
