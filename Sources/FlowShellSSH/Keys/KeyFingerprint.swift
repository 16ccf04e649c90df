import Crypto
import Foundation
import NIOSSH

/// A public key's fingerprint as OpenSSH shows it (`SHA256:` and the base64 of the SHA-256 of
/// the key as SSH sends it, without padding): what `ssh` asks a person to accept, what
/// `ssh-keygen -l` prints, and how a session says which key let its user in.
enum KeyFingerprint {
    /// The fingerprint of a key sent as `blob`.
    static func of(blob: [UInt8]) -> String {
        let digest = Data(SHA256.hash(data: blob)).base64EncodedString()
        return "SHA256:" + digest.prefix { $0 != "=" }
    }

    /// The fingerprint of `key`.
    static func of(_ key: NIOSSHPublicKey) -> String {
        // Its OpenSSH line is its type and the base64 of that blob.
        let line = String(openSSHPublicKey: key)
        let encoded = line.split(separator: " ").dropFirst().first.map(String.init) ?? ""
        return of(blob: Array(Data(base64Encoded: encoded) ?? Data()))
    }
}
