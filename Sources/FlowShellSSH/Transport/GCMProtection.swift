import Crypto
import Foundation
import NIOCore
import NIOSSH

/// AES-GCM as OpenSSH speaks it (`aes128-gcm@openssh.com`, `aes256-gcm@openssh.com`; RFC 5647
/// with the length in the clear as associated data), the same ciphers swift-nio-ssh bundles,
/// with one difference: each packet, once decrypted and verified, is made readable by the
/// library (``UnparsedRequests``), so that a request it does not know (`ssh -X`'s `x11-req`, an
/// agent's channel) is refused rather than ending the connection. The library's own ciphers
/// give no way in between decrypting a packet and reading it.
class GCMProtection {
    private var outboundKey: SymmetricKey
    private var inboundKey: SymmetricKey
    private var outboundNonce: Nonce
    private var inboundNonce: Nonce

    /// The key's size in bytes (16 or 32), as a subclass says.
    class var keyBytes: Int { 32 }
    /// The cipher's name on the wire, as a subclass says.
    class var cipherName: String { "aes256-gcm@openssh.com" }

    required init(initialKeys: NIOSSHSessionKeys) throws {
        (outboundKey, inboundKey, outboundNonce, inboundNonce) = try Self.take(initialKeys)
    }

    private static func take(_ keys: NIOSSHSessionKeys) throws -> (SymmetricKey, SymmetricKey, Nonce, Nonce) {
        guard keys.outboundEncryptionKey.bitCount == keyBytes * 8, keys.inboundEncryptionKey.bitCount == keyBytes * 8 else {
            throw ProtectionError.keySize
        }
        return (keys.outboundEncryptionKey, keys.inboundEncryptionKey, try Nonce(keys.initialOutboundIV), try Nonce(keys.initialInboundIV))
    }

    /// Why a packet or a key is refused; the connection ends.
    enum ProtectionError: Error {
        case keySize
        case nonceSize
        case packetLength
        case padding
    }

    /// RFC 5647's nonce: 4 fixed bytes, then an 8-byte counter, big-endian, one more each packet.
    struct Nonce {
        private let fixed: [UInt8]
        private var counter: UInt64

        init(_ bytes: [UInt8]) throws {
            guard bytes.count == 12 else { throw ProtectionError.nonceSize }
            fixed = Array(bytes[0..<4])
            counter = bytes[4...].reduce(0) { $0 << 8 | UInt64($1) }
        }

        var bytes: [UInt8] {
            fixed + (0..<8).map { UInt8(truncatingIfNeeded: counter >> (56 - 8 * $0)) }
        }

        mutating func advance() {
            counter &+= 1
        }
    }
}

extension GCMProtection: NIOSSHTransportProtection {
    static var macName: String? { nil }
    static var cipherBlockSize: Int { 16 }
    static var keySizes: ExpectedKeySizes { ExpectedKeySizes(ivSize: 12, encryptionKeySize: keyBytes, macKeySize: 16) }
    var macBytes: Int { 16 }
    var lengthEncrypted: Bool { false }

    func updateKeys(_ newKeys: NIOSSHSessionKeys) throws {
        (outboundKey, inboundKey, outboundNonce, inboundNonce) = try Self.take(newKeys)
    }

    func decryptFirstBlock(_ source: inout ByteBuffer) throws {
        // The length is in the clear.
    }

    func decryptAndVerifyRemainingPacket(_ source: inout ByteBuffer, sequenceNumber: UInt32) throws -> ByteBuffer {
        // The length (4 bytes), the ciphertext (whole blocks), the tag (16 bytes).
        guard let length = source.readSlice(length: 4), source.readableBytes > 16,
            let ciphertext = source.readSlice(length: source.readableBytes - 16), let tag = source.readSlice(length: 16),
            ciphertext.readableBytes % Self.cipherBlockSize == 0
        else { throw ProtectionError.packetLength }
        let box = try AES.GCM.SealedBox(
            nonce: AES.GCM.Nonce(data: inboundNonce.bytes), ciphertext: ciphertext.readableBytesView,
            tag: tag.readableBytesView)
        let plaintext = try AES.GCM.open(box, using: inboundKey, authenticating: length.readableBytesView)
        inboundNonce.advance()
        // The padding's length, the message, the padding.
        guard let padding = plaintext.first, padding >= 4, plaintext.count - 1 >= Int(padding) else { throw ProtectionError.padding }
        let message = ByteBuffer(bytes: plaintext.dropFirst().dropLast(Int(padding)))
        return UnparsedRequests.readable(message)
    }

    func encryptPacket(_ destination: inout ByteBuffer, sequenceNumber: UInt32) throws {
        // Everything but the length is sealed, the length authenticated.
        guard let length = destination.getSlice(at: destination.readerIndex, length: 4),
            let plaintext = destination.getSlice(at: destination.readerIndex + 4, length: destination.readableBytes - 4)
        else { throw ProtectionError.packetLength }
        let box = try AES.GCM.seal(
            plaintext.readableBytesView, using: outboundKey, nonce: AES.GCM.Nonce(data: outboundNonce.bytes),
            authenticating: length.readableBytesView)
        outboundNonce.advance()
        destination.setContiguousBytes(box.ciphertext, at: destination.readerIndex + 4)
        destination.writeContiguousBytes(box.tag)
    }
}

/// ``GCMProtection`` with a 256-bit key.
final class AES256GCMProtection: GCMProtection {}

/// ``GCMProtection`` with a 128-bit key.
final class AES128GCMProtection: GCMProtection {
    override class var keyBytes: Int { 16 }
    override class var cipherName: String { "aes128-gcm@openssh.com" }
}
