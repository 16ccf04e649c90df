import FlowShellServing
@testable import FlowShellWeb
import NIOCore
import NIOEmbedded
import Synchronization
import Testing

/// The bound on connections whose request is not answered yet (OpenSSH's `MaxStartups
/// start:rate:full` with a number from each address), decided with the random draw given; and
/// the door that says when a connection is answered.
@Suite struct StartupsTests {
    /// A connection from `address`, as the listening socket hands it on.
    func accepted(from address: String) throws -> EmbeddedChannel {
        let channel = EmbeddedChannel()
        try channel.connect(to: SocketAddress(ipAddress: address, port: 40000)).wait()
        return channel
    }

    @Test func theGateClosesAtOnceWhatAFloodFromOneAddressSendsPastItsShare() throws {
        let bounds = ServingBounds.startups
        #expect(bounds.perSource < bounds.start && bounds.full <= ServingBounds.connectionMargin)
        let startups = OpenStartups(draw: { 0.999 })
        let listener = EmbeddedChannel(handler: AdmissionGate { startups.admit($0) })
        var flood: [EmbeddedChannel] = []
        for _ in 0..<100 {
            let connection = try accepted(from: "203.0.113.5")
            try listener.writeInbound(connection as any Channel)
            flood.append(connection)
        }
        var passed = 0
        while try listener.readInbound(as: (any Channel).self) != nil { passed += 1 }
        #expect(passed == bounds.perSource && flood.filter(\.isActive).count == bounds.perSource)
        // Another address goes on, even with the lowest draw.
        let tab = try accepted(from: "127.0.0.1")
        let another = try accepted(from: "127.0.0.1")
        let lowest = OpenStartups(draw: { 0 })
        #expect(lowest.admit(tab) && startups.admit(another))
        // One answered, or closed: its address may start another.
        startups.arrived(flood[0])
        startups.arrived(flood[0])
        _ = try flood[1].finish()
        #expect(startups.pending == bounds.perSource - 1)
    }

    @Test func manyAddressesAreRefusedAtRandomFromTheStartAndAllAtFull() {
        var startups = ServingBounds.startups
        let firsts = (0..<startups.start).map { startups.admit(from: "10.0.\($0 / 250).\($0 % 250)", draw: 0) }
        let under = startups.admit(from: "10.1.0.1", draw: 0.29)
        let over = startups.admit(from: "10.1.0.1", draw: 0.31)
        #expect(firsts.allSatisfy { $0 } && !under && over)
        var filling: [Bool] = []
        while startups.pending < startups.full, filling.count < 1000 {
            filling.append(startups.admit(from: "10.2.\(filling.count / 250).\(filling.count % 250)", draw: 0.999_999))
        }
        let beyond = startups.admit(from: "10.3.0.1", draw: 0.999_999)
        #expect(filling.allSatisfy { $0 } && startups.pending == startups.full && !beyond)
        startups.leave(from: "10.1.0.1")
        #expect(startups.refusalChance(pending: startups.pending) < 1)
    }

    @Test func theDoorSaysOnceWhenTheConnectionIsAnswered() throws {
        let told = Mutex(0)
        let channel = EmbeddedChannel(
            handler: ConnectionDoor(deadline: ServingBounds.headerDeadline, answered: { told.withLock { $0 += 1 } }))
        try channel.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: 8421)).wait()
        try channel.writeInbound(ByteBuffer(string: "GET / HTTP/1.1\r\n\r\n"))
        #expect(told.withLock { $0 } == 0)
        try channel.writeOutbound(IOData.byteBuffer(ByteBuffer(string: "HTTP/1.1 200 OK\r\n\r\n")))
        try channel.writeOutbound(IOData.byteBuffer(ByteBuffer(string: "body")))
        channel.embeddedEventLoop.run()
        #expect(told.withLock { $0 } == 1)
        _ = try channel.finish()
    }

    @Test func aConnectionThatSendsNoHeadIsClosedAtFiveSeconds() throws {
        #expect(ServingBounds.headerDeadline == .seconds(5))
        let channel = EmbeddedChannel(handler: ConnectionDoor(deadline: ServingBounds.headerDeadline))
        try channel.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: 8421)).wait()
        channel.embeddedEventLoop.advanceTime(by: .milliseconds(4999))
        #expect(channel.isActive)
        channel.embeddedEventLoop.advanceTime(by: .milliseconds(1))
        #expect(!channel.isActive)
    }
}
