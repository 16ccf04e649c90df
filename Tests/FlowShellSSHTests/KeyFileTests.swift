import Crypto
@testable import FlowShellSSH
import Foundation
import NIOSSH
import Testing

/// The host key's file and fingerprints, against what OpenSSH's own ssh-keygen made and printed
/// for the same keys (the fixtures below were written by ssh-keygen, not by this code).
@Suite struct KeyFileTests {
    /// `ssh-keygen -t ed25519 -N '' -C alice@laptop`.
    static let alice = """
        -----BEGIN OPENSSH PRIVATE KEY-----
        b3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMwAAAAtzc2gtZW
        QyNTUxOQAAACCu2mjsuWIN33ifhuegAIxzNqhAn9DQUXHPVVNw6v1EnAAAAJCNlNF9jZTR
        fQAAAAtzc2gtZWQyNTUxOQAAACCu2mjsuWIN33ifhuegAIxzNqhAn9DQUXHPVVNw6v1EnA
        AAAEAOFZvpBfAWRRYM5xOA6tKnIPNvMHiEoiNt9eJv96avqq7aaOy5Yg3feJ+G56AAjHM2
        qECf0NBRcc9VU3Dq/UScAAAADGFsaWNlQGxhcHRvcAE=
        -----END OPENSSH PRIVATE KEY-----

        """
    static let alicePublic = "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIK7aaOy5Yg3feJ+G56AAjHM2qECf0NBRcc9VU3Dq/USc alice@laptop"
    /// What `ssh-keygen -lf` printed for it.
    static let aliceFingerprint = "256 SHA256:R95gHU0KkyNDvTk+dZDikodmLOc5msfGPjeFUmuBmNM alice@laptop (ED25519)"
    static let bobPublic =
        "ecdsa-sha2-nistp256 AAAAE2VjZHNhLXNoYTItbmlzdHAyNTYAAAAIbmlzdHAyNTYAAABBBIrHnyWp1z39y7GA6e0XgLfS3xiIStm9rIg2QeptuSqe8V2ziVtFh5NlnjyngpWZt5muThHZGX6od0Ky1lfk9hU= bob"
    static let bobFingerprint = "SHA256:SvAoyazANydm8zic5bfXF6D8fb235R3UAvU8Qb1OHWw"
    /// `ssh-keygen -t ed25519 -N secret`.
    static let locked = """
            -----BEGIN OPENSSH PRIVATE KEY-----
        b3BlbnNzaC1rZXktdjEAAAAACmFlczI1Ni1jdHIAAAAGYmNyeXB0AAAAGAAAABCekEC1mD
        70xNBR+piXopTxAAAAEAAAAAEAAAAzAAAAC3NzaC1lZDI1NTE5AAAAICdvWtCxGYUUN8dn
        pkWwsi6b0TYlc+RcmzOnDv/JmAJXAAAAkAfITdemuF6UFdCMDXS/qKBwOl3mhBiLOq0PvT
        fZ81l7gZE47+0xxJ40GN1eiB+YrjkkoJfqyZV6nrak/gRML1ZfWRFjzV/aSuwfrevTQ2no
        J3abM85yfl2AKz554tCfsiDoK33XORxDEaXXXW1f3cAm0g3x4pQfXuk6UwFwtk0+9AOL/5
        XBrebqptoKRRnN9w==
        -----END OPENSSH PRIVATE KEY-----

        """

    @Test func readsAKeyThatSSHKeygenWroteAndShowsItsFingerprintAsSSHKeygenDoes() throws {
        let (key, comment) = try OpenSSHKeyFile.read(Self.alice)
        #expect(comment == "alice@laptop")
        let hostKey = HostKey(key: key, comment: comment)
        #expect(hostKey.fingerprintLine == Self.aliceFingerprint)
        #expect(String(openSSHPublicKey: NIOSSHPrivateKey(ed25519Key: key).publicKey) + " alice@laptop" == Self.alicePublic)
    }

    @Test func aKeyWrittenIsReadBackWithItsComment() throws {
        let key = Curve25519.Signing.PrivateKey()
        let text = OpenSSHKeyFile.text(of: key, comment: "flowshell@host")
        #expect(text.hasPrefix("-----BEGIN OPENSSH PRIVATE KEY-----\n"))
        #expect(text.split(separator: "\n").allSatisfy { $0.count <= 70 || $0.hasPrefix("-----") })
        let (read, comment) = try OpenSSHKeyFile.read(text)
        #expect(read.rawRepresentation == key.rawRepresentation)
        #expect(comment == "flowshell@host")
    }

    @Test func aClientKeysFingerprintIsOpenSSHs() throws {
        #expect(KeyFingerprint.of(try NIOSSHPublicKey(openSSHPublicKey: Self.bobPublic)) == Self.bobFingerprint)
    }

    @Test func aKeyWithAPassphraseOrDamagedIsRefusedSayingWhy() {
        #expect(throws: OpenSSHKeyFile.Unreadable.self) { try OpenSSHKeyFile.read(Self.locked) }
        do {
            _ = try OpenSSHKeyFile.read(Self.locked)
        } catch {
            #expect(error.reason.contains("passphrase"), "\(error.reason)")
        }
        for text in [
            "", "hello", Self.alice.replacingOccurrences(of: "qECf0NBRcc9VU3Dq", with: "qECf0NBRcc9VU3DQ"),
            String(Self.alice.prefix(200)) + "\n-----END OPENSSH PRIVATE KEY-----\n",
        ] {
            #expect(throws: OpenSSHKeyFile.Unreadable.self) { try OpenSSHKeyFile.read(text) }
        }
    }

    @Test func theHostKeyIsMadeOnceReadableByItsOwnerAloneAndKept() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("flowshell-ssh-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("state/flowshell/ssh_host_ed25519_key").path
        let (first, made) = try HostKey.loadOrMake(at: path, comment: "flowshell@test")
        #expect(made)
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
        let (second, madeAgain) = try HostKey.loadOrMake(at: path, comment: "other")
        #expect(!madeAgain)
        #expect(second.fingerprint == first.fingerprint)
        #expect(second.comment == "flowshell@test")
        // Readable by others: refused, saying how to mend it.
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: path)
        #expect(throws: HostKey.Problem.self) { try HostKey.loadOrMake(at: path, comment: "x") }
        do {
            _ = try HostKey.loadOrMake(at: path, comment: "x")
        } catch {
            #expect(error.message.contains("chmod 600"))
        }
        // Its owner's alone but damaged: refused, naming the file, not replaced by a new key.
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: path)
        try Data("hello".utf8).write(to: URL(fileURLWithPath: path))
        do {
            _ = try HostKey.loadOrMake(at: path, comment: "x")
            Issue.record("a damaged host key was taken")
        } catch {
            #expect(error.message.hasPrefix("the host key \(path) cannot be used: "), "\(error.message)")
        }
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "hello")
    }
}
