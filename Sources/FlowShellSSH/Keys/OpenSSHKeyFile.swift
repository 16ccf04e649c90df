import Crypto
import Foundation

/// An Ed25519 private key in OpenSSH's own file format (`openssh-key-v1`, unencrypted), which
/// `ssh-keygen` reads and writes: so that `ssh-keygen -lf` shows the host key's fingerprint,
/// and a key made elsewhere can be used. Hand-written because swift-nio-ssh reads and writes no
/// key file; the format is PROTOCOL.key in OpenSSH's sources.
enum OpenSSHKeyFile {
    /// What a file that is not such a key is, in a person's words.
    struct Unreadable: Error {
        let reason: String
    }

    static let keyType = "ssh-ed25519"
    private static let magic = Array("openssh-key-v1\u{0}".utf8)
    private static let begin = "-----BEGIN OPENSSH PRIVATE KEY-----"
    private static let end = "-----END OPENSSH PRIVATE KEY-----"

    /// The file's text for `key`, with `comment` (what `ssh-keygen -l` shows after the fingerprint).
    static func text(of key: Curve25519.Signing.PrivateKey, comment: String) -> String {
        let publicKey = Array(key.publicKey.rawRepresentation)
        var secret = WireWriter()
        // Two equal numbers: a wrong passphrase shows as a mismatch (there is none here).
        let check = UInt32.random(in: .min ... .max)
        secret.uint32(check)
        secret.uint32(check)
        secret.string(keyType)
        secret.bytes(publicKey)
        secret.bytes(Array(key.rawRepresentation) + publicKey)
        secret.string(comment)
        var padding: UInt8 = 1
        while secret.data.count % 8 != 0 {
            secret.data.append(padding)
            padding += 1
        }
        var file = WireWriter()
        file.data = magic
        file.string("none")
        file.string("none")
        file.bytes([])
        file.uint32(1)
        file.bytes(publicKeyBlob(publicKey))
        file.bytes(secret.data)
        let encoded = Data(file.data).base64EncodedString()
        var lines = [begin]
        var rest = Substring(encoded)
        while !rest.isEmpty {
            lines.append(String(rest.prefix(70)))
            rest = rest.dropFirst(70)
        }
        lines.append(end)
        return lines.joined(separator: "\n") + "\n"
    }

    /// The key and its comment in a file's text.
    static func read(_ text: String) throws(Unreadable) -> (key: Curve25519.Signing.PrivateKey, comment: String) {
        let lines = text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
        guard let first = lines.firstIndex(of: begin), let last = lines.firstIndex(of: end), first < last,
            let data = Data(base64Encoded: lines[(first + 1)..<last].joined())
        else {
            throw Unreadable(reason: "it is not a private key in OpenSSH's format")
        }
        var file = WireReader(Array(data))
        guard file.take(magic.count) == magic else { throw Unreadable(reason: "it is not a private key in OpenSSH's format") }
        guard let cipher = file.string(), file.string() != nil, file.bytes() != nil else { throw Unreadable(reason: "it is damaged") }
        guard cipher == "none" else {
            throw Unreadable(reason: "it is protected by a passphrase, which a server cannot type (ssh-keygen -p -N '' -f FILE removes it)")
        }
        guard file.uint32() == 1, file.bytes() != nil, let secretBytes = file.bytes() else {
            throw Unreadable(reason: "it does not hold exactly one key")
        }
        var secret = WireReader(secretBytes)
        guard let check = secret.uint32(), secret.uint32() == check else {
            throw Unreadable(reason: "it is damaged")
        }
        guard secret.string() == keyType else { throw Unreadable(reason: "it is not an Ed25519 key (ssh-keygen -t ed25519 makes one)") }
        guard let publicKey = secret.bytes(), publicKey.count == 32, let pair = secret.bytes(), pair.count == 64,
            Array(pair[32...]) == publicKey,
            let key = try? Curve25519.Signing.PrivateKey(rawRepresentation: pair[..<32]),
            Array(key.publicKey.rawRepresentation) == publicKey
        else {
            throw Unreadable(reason: "it is damaged")
        }
        return (key, secret.string() ?? "")
    }

    /// The public key as SSH sends it: its type and its 32 bytes, each with its length.
    static func publicKeyBlob(_ publicKey: [UInt8]) -> [UInt8] {
        var blob = WireWriter()
        blob.string(keyType)
        blob.bytes(publicKey)
        return blob.data
    }
}

/// SSH's wire encoding (RFC 4251 §5): big-endian 32-bit numbers and length-prefixed strings.
struct WireWriter {
    var data: [UInt8] = []

    mutating func uint32(_ value: UInt32) {
        data += [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }

    mutating func bytes(_ value: [UInt8]) {
        uint32(UInt32(value.count))
        data += value
    }

    mutating func string(_ value: String) {
        bytes(Array(value.utf8))
    }
}

/// Reads what ``WireWriter`` writes; each read is nil when the data ends first.
struct WireReader {
    private let data: [UInt8]
    private var offset = 0

    init(_ data: [UInt8]) {
        self.data = data
    }

    mutating func take(_ count: Int) -> [UInt8]? {
        guard count >= 0, data.count - offset >= count else { return nil }
        defer { offset += count }
        return Array(data[offset..<(offset + count)])
    }

    mutating func uint32() -> UInt32? {
        take(4).map { $0.reduce(0) { $0 << 8 | UInt32($1) } }
    }

    mutating func bytes() -> [UInt8]? {
        guard let length = uint32() else { return nil }
        return take(Int(length))
    }

    mutating func string() -> String? {
        bytes().map { String(decoding: $0, as: UTF8.self) }
    }
}
