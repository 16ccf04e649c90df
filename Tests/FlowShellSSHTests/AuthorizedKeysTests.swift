@testable import FlowShellSSH
import NIOSSH
import Testing

/// Reading an authorized-keys file: each line's key and its user, and each line left out said.
@Suite struct AuthorizedKeysTests {
    let alice = "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIK7aaOy5Yg3feJ+G56AAjHM2qECf0NBRcc9VU3Dq/USc"
    let bob =
        "ecdsa-sha2-nistp256 AAAAE2VjZHNhLXNoYTItbmlzdHAyNTYAAAAIbmlzdHAyNTYAAABBBIrHnyWp1z39y7GA6e0XgLfS3xiIStm9rIg2QeptuSqe8V2ziVtFh5NlnjyngpWZt5muThHZGX6od0Ky1lfk9hU="
    let carol =
        "ssh-rsa AAAAB3NzaC1yc2EAAAADAQABAAAAgQDFiJtI/jNxGz6OXU2NrBKXdNE7TQ2rz5CVwoWobclQc3+ungwdAQUFhG9bEz6qtMDFBSYXPJ1PFuWxe9MssZqu+7cok8kIi3qtqwRLeBBBUqpL+Vn9goXNPieHBwMMHMzZ0lL1nmauOGISnPzQ69zlysyV7lgUompEBH3zlUvOaQ=="

    func key(_ line: String) throws -> NIOSSHPublicKey {
        try NIOSSHPublicKey(openSSHPublicKey: line)
    }

    @Test func eachLineNamesItsUserByAnOptionOrItsComment() throws {
        let keys = AuthorizedKeys(
            parsing: """
                # the desk's people
                \(alice) alice@laptop

                flowshell-user=robert,no-port-forwarding \(bob) bob@desk
                """)
        #expect(keys.problems == [])
        #expect(keys.user(of: try key(alice)) == "alice")
        #expect(keys.user(of: try key(bob)) == "robert")
        #expect(keys.summary.keys == 2 && keys.summary.users == 2)
    }

    @Test func aQuotedUserOptionAndTabsAndCarriageReturnsAreRead() throws {
        let keys = AuthorizedKeys(parsing: "flowshell-user=\"ann\"\t\(alice.replacingOccurrences(of: " ", with: "\t"))\r\n")
        #expect(keys.problems == [])
        #expect(keys.user(of: try key(alice)) == "ann")
    }

    @Test func linesThatCannotBeUsedAreLeftOutSayingWhy() throws {
        let keys = AuthorizedKeys(
            parsing: """
                \(carol) carol
                \(alice)
                command="/bin/sh",flowshell-user=dave \(bob)
                ssh-ed25519 AAAAnotbase64 eve
                flowshell-user="unclosed \(alice)
                sk-ssh-ed25519@openssh.com AAAA frank
                flowshell-user=wrong/name \(alice)
                \(alice) alice
                \(alice) again
                """)
        #expect(keys.summary.keys == 1)
        #expect(keys.user(of: try key(alice)) == "alice")
        #expect(keys.user(of: try key(bob)) == nil)
        let problems = keys.problems
        #expect(problems.count == 8, "\(problems)")
        #expect(problems[0].hasPrefix("line 1: ssh-rsa keys are not supported here; use an Ed25519 key"))
        #expect(problems[1].hasPrefix("line 2: it names no user"))
        #expect(problems[2].hasPrefix("line 3: the option 'command' is not supported here"))
        #expect(problems[3].hasPrefix("line 4: its ssh-ed25519 key cannot be read"))
        #expect(problems[4].hasPrefix("line 5: its options cannot be read"))
        #expect(problems[5].hasPrefix("line 6: security-key"))
        #expect(problems[6].hasPrefix("line 7: 'wrong/name' is not a user name"))
        #expect(problems[7] == "line 9: the key is listed already, for alice; the first line counts")
    }
}
