import Crypto
@testable import FlowShellSSH
import NIOCore
import NIOSSH
import Testing

/// What swift-nio-ssh cannot read is made a request it refuses: `x11-req`'s data is dropped, a
/// channel of another type than `session` is given as one the server refuses; the packets
/// ``GCMProtection`` seals are what it opens, so made.
@Suite struct UnparsedRequestsTests {
    func string(_ text: String) -> [UInt8] {
        let bytes = Array(text.utf8)
        return withUnsafeBytes(of: UInt32(bytes.count).bigEndian, Array.init) + bytes
    }

    func integer(_ value: UInt32) -> [UInt8] {
        withUnsafeBytes(of: value.bigEndian, Array.init)
    }

    /// `ssh -X`'s request: single connection, protocol, cookie, screen.
    var x11Request: [UInt8] {
        [98] + integer(0) + string("x11-req") + [1] + [0] + string("MIT-MAGIC-COOKIE-1") + string("00ff") + integer(0)
    }

    @Test func anUnknownRequestKeepsItsNameAndReplyFlagAndLosesItsData() {
        let made = UnparsedRequests.readable(ByteBuffer(bytes: x11Request))
        #expect(Array(made.readableBytesView) == [98] + integer(0) + string("x11-req") + [1])
    }

    @Test func aKnownRequestAndOtherMessagesAreGivenAsTheyAre() {
        let exec = [98] + integer(3) + string("exec") + [1] + string("where")
        #expect(Array(UnparsedRequests.readable(ByteBuffer(bytes: exec)).readableBytesView) == exec)
        let data: [UInt8] = [94] + integer(0) + string("typed")
        #expect(Array(UnparsedRequests.readable(ByteBuffer(bytes: data)).readableBytesView) == data)
        let session = [90] + string("session") + integer(5) + integer(2_097_152) + integer(32_768)
        #expect(Array(UnparsedRequests.readable(ByteBuffer(bytes: session)).readableBytesView) == session)
        // Cut short: given as it is, for the library to refuse as it does.
        let short: [UInt8] = [98, 0, 0]
        #expect(Array(UnparsedRequests.readable(ByteBuffer(bytes: short)).readableBytesView) == short)
    }

    @Test func aChannelOfAnotherTypeIsGivenAsOneTheServerRefuses() {
        let agent = [90] + string("auth-agent@openssh.com") + integer(7) + integer(2_097_152) + integer(32_768)
        let made = UnparsedRequests.readable(ByteBuffer(bytes: agent))
        let expected =
            [90] + string("direct-tcpip") + integer(7) + integer(2_097_152) + integer(32_768)
            + string("refused") + integer(0) + string("0.0.0.0") + integer(0)
        #expect(Array(made.readableBytesView) == expected)
    }

    @Test func whatOneSideSealsTheOtherOpensAndMakesReadable() throws {
        let key = SymmetricKey(size: .bits256)
        let iv: [UInt8] = Array(0..<12)
        let otherKey = SymmetricKey(size: .bits256)
        let otherIV: [UInt8] = Array(12..<24)
        let client = try AES256GCMProtection(
            initialKeys: NIOSSHSessionKeys(
                initialInboundIV: otherIV, initialOutboundIV: iv, inboundEncryptionKey: otherKey, outboundEncryptionKey: key,
                inboundMACKey: SymmetricKey(size: .bits128), outboundMACKey: SymmetricKey(size: .bits128)))
        let server = try AES256GCMProtection(
            initialKeys: NIOSSHSessionKeys(
                initialInboundIV: iv, initialOutboundIV: otherIV, inboundEncryptionKey: key, outboundEncryptionKey: otherKey,
                inboundMACKey: SymmetricKey(size: .bits128), outboundMACKey: SymmetricKey(size: .bits128)))
        for round in 0..<3 {
            let message = x11Request
            var packet = ByteBuffer()
            // Length, padding's length, message, padding to whole blocks (at least 4 bytes).
            let padding = 16 - (1 + message.count) % 16 + (((1 + message.count) % 16) > 12 ? 16 : 0)
            packet.writeInteger(UInt32(1 + message.count + padding))
            packet.writeInteger(UInt8(padding))
            packet.writeBytes(message)
            packet.writeBytes([UInt8](repeating: 0, count: padding))
            try client.encryptPacket(&packet, sequenceNumber: UInt32(round))
            let opened = try server.decryptAndVerifyRemainingPacket(&packet, sequenceNumber: UInt32(round))
            #expect(Array(opened.readableBytesView) == [98] + integer(0) + string("x11-req") + [1])
            #expect(packet.readableBytes == 0)
        }
        // A packet altered on the way is refused.
        var packet = ByteBuffer()
        packet.writeInteger(UInt32(16))
        packet.writeInteger(UInt8(10))
        packet.writeBytes([94, 0, 0, 0, 0] + [UInt8](repeating: 0, count: 10))
        try client.encryptPacket(&packet, sequenceNumber: 3)
        packet.setInteger(UInt8(0xFF) ^ (packet.getInteger(at: 6, as: UInt8.self) ?? 0), at: 6)
        #expect(throws: (any Error).self) { try server.decryptAndVerifyRemainingPacket(&packet, sequenceNumber: 3) }
    }
}
