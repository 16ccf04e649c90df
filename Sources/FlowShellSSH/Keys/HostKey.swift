import Crypto
import FlowShellRuntime
import FlowShellServing
import Foundation
import NIOSSH
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The server's host key: an Ed25519 key in OpenSSH's format, made on the first start in the
/// shell's state folder (readable by its owner alone) and kept, so that clients recognise the
/// server from one start to the next — or, with a shared store (`--database`), kept there, so
/// that every server of the flow is the same host to a client.
struct HostKey: Sendable {
    let key: Curve25519.Signing.PrivateKey
    /// Its comment, as the file keeps it.
    let comment: String

    /// Why the key could not be had, in a person's words.
    struct Problem: Error {
        let message: String
    }

    /// The key as the SSH server uses it.
    var serverKey: NIOSSHPrivateKey { NIOSSHPrivateKey(ed25519Key: key) }

    /// Its fingerprint (`SHA256:…`), which `ssh` shows when it first meets the server.
    var fingerprint: String {
        KeyFingerprint.of(blob: OpenSSHKeyFile.publicKeyBlob(Array(key.publicKey.rawRepresentation)))
    }

    /// The key's line as `ssh-keygen -l -f` prints it: its size, fingerprint, comment and type.
    var fingerprintLine: String {
        "256 \(fingerprint) \(comment.isEmpty ? "no comment" : comment) (ED25519)"
    }

    /// The key at `path`, or one made there now (with `comment`) when there is none; says
    /// whether it was made. A key that others may read, or that is not an unencrypted Ed25519
    /// key in OpenSSH's format, is refused.
    static func loadOrMake(at path: String, comment: String) throws(Problem) -> (key: HostKey, made: Bool) {
        if let found = try load(at: path) { return (found, false) }
        let folder = FilePathParts.folder(of: path)
        do {
            try FileManager.default.createDirectory(
                atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw Problem(message: "cannot make the folder of the host key, \(folder): \(SystemError.describe(error))")
        }
        let key = Curve25519.Signing.PrivateKey()
        let text = OpenSSHKeyFile.text(of: key, comment: comment)
        // Written whole under another name, then linked into place only if no key is there yet:
        // two servers starting at once keep the same key, and none reads half a file.
        let temporary = "\(path).\(getpid()).tmp"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw Problem(message: "cannot write the host key \(path): \(reason())") }
        let written = Array(text.utf8).withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        let synced = fsync(descriptor) == 0
        close(descriptor)
        defer { unlink(temporary) }
        guard written == text.utf8.count, synced else {
            throw Problem(message: "cannot write the host key \(path): \(reason())")
        }
        if link(temporary, path) != 0 {
            if errno == EEXIST, let found = try load(at: path) { return (found, false) }
            throw Problem(message: "cannot write the host key \(path): \(reason())")
        }
        return (HostKey(key: key, comment: comment), true)
    }

    /// The key every server of the flow shares, kept in `store` as `app`'s secret: the first
    /// server to ask keeps its own key from `path` when it has one (so a fingerprint clients
    /// know stays), else one made now with `comment`; every later one takes that key.
    static func shared(in store: any SharedStore, app: String, seed path: String, comment: String) async throws(Problem) -> HostKey {
        let local = try load(at: path)
        let text: String
        do {
            text = try await store.secret(app: app, named: "ssh-host-key", renew: false) {
                OpenSSHKeyFile.text(of: local?.key ?? Curve25519.Signing.PrivateKey(), comment: local?.comment ?? comment)
            }
        } catch {
            // Said as the store says it (which names the key and the database), once: the
            // server puts "error: " before it.
            let said = error.description
            throw Problem(message: said.hasPrefix("error: ") ? String(said.dropFirst("error: ".count)) : said)
        }
        return try parse(text, named: "the SSH host key kept in the shared store")
    }

    /// The key at `path`; nil when there is no file.
    private static func load(at path: String) throws(Problem) -> HostKey? {
        var status = stat()
        guard stat(path, &status) == 0 else {
            if errno == ENOENT { return nil }
            throw Problem(message: "cannot read the host key \(path): \(reason())")
        }
        guard status.st_mode & 0o077 == 0 else {
            throw Problem(
                message: "the host key \(path) may be read by others than its owner; "
                    + "allow its owner alone (chmod 600 \(path)), or remove it to have a new one made")
        }
        let text: String
        do {
            text = try String(contentsOfFile: path, encoding: .utf8)
        } catch {
            throw Problem(message: "cannot read the host key \(path): \(SystemError.describe(error))")
        }
        return try parse(text, named: "the host key \(path)")
    }

    /// The key `text` holds, in OpenSSH's format; when it holds none that can be used, that is
    /// said of the key `name` names.
    private static func parse(_ text: String, named name: String) throws(Problem) -> HostKey {
        do {
            let (key, comment) = try OpenSSHKeyFile.read(text)
            return HostKey(key: key, comment: comment)
        } catch {
            throw Problem(message: "\(name) cannot be used: \(error.reason)")
        }
    }

    /// The system's refusal, in a person's words.
    private static func reason(_ code: Int32 = errno) -> String {
        SystemError.describe(posixCode: code, path: nil)
    }
}
