import FlowShellKit
import FlowShellRuntime
import FlowShellServing
@testable import FlowShellSSH
import Foundation
import Synchronization
import Testing

/// With a shared store, every server of a flow is the same host to a client: the first keeps
/// its own key there (or one made then), and every later one takes it.
@Suite struct SharedHostKeyTests {
    /// A shared store's secrets, in memory: the first `make` of a name is kept.
    final class KeptSecrets: SharedStore {
        let place = "a test's memory"
        let secrets = Mutex<[String: String]>([:])

        func sessionStates(app: String, kind: String) -> any SessionStateStore {
            MainActor.assumeIsolated { FolderSessionStates(folder: nil) }
        }

        func records(app: String) -> any RecordStore {
            MemoryRecordStore()
        }

        func settings(app: String) -> (any SharedSettingsStorage)? {
            nil
        }

        func secret(
            app: String, named name: String, renew: Bool, make: @Sendable () -> String
        ) async throws(SharedStoreFailure)
            -> String
        {
            secrets.withLock { kept in
                if let found = kept["\(app)/\(name)"], !renew { return found }
                let made = make()
                kept["\(app)/\(name)"] = made
                return made
            }
        }
    }

    private func scratchKeyPath() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("flowshell-ssh-\(UUID().uuidString)/ssh_host_ed25519_key").path
    }

    @Test func theFirstServersOwnKeyBecomesEveryServers() async throws {
        let store = KeptSecrets()
        let seeded = scratchKeyPath()
        let (own, _) = try HostKey.loadOrMake(at: seeded, comment: "node-a")
        let first = try await HostKey.shared(in: store, app: "carsharing", seed: seeded, comment: "node-a")
        // Another node, with a key of its own in its state folder: it takes the shared one.
        let other = scratchKeyPath()
        _ = try HostKey.loadOrMake(at: other, comment: "node-b")
        let second = try await HostKey.shared(in: store, app: "carsharing", seed: other, comment: "node-b")
        #expect(first.fingerprint == own.fingerprint)
        #expect(second.fingerprint == own.fingerprint)
        #expect(second.comment == "node-a")
    }

    @Test func withNoKeyAnywhereOneIsMadeOnceForAll() async throws {
        let store = KeptSecrets()
        let first = try await HostKey.shared(in: store, app: "carsharing", seed: scratchKeyPath(), comment: "made")
        let second = try await HostKey.shared(in: store, app: "carsharing", seed: scratchKeyPath(), comment: "other")
        #expect(first.fingerprint == second.fingerprint)
        #expect(second.comment == "made")
    }

    @Test func aKeptKeyThatCannotBeReadIsSaid() async throws {
        let store = KeptSecrets()
        store.secrets.withLock { $0["carsharing/ssh-host-key"] = "not a key" }
        await #expect {
            _ = try await HostKey.shared(in: store, app: "carsharing", seed: scratchKeyPath(), comment: "x")
        } throws: { error in
            (error as? HostKey.Problem)?.message.hasPrefix("the SSH host key kept in the shared store cannot be used: ") == true
        }
    }
}
