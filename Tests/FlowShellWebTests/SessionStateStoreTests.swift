@testable import FlowShellWeb
import FlowCoordinator
import FlowShellPostgres
import FlowShellRuntime
import FlowShellServing
import FlowShellTestSupport
import Foundation
import Synchronization
import Testing

/// What every store of sessions' states does, on both: the data folder (``FolderSessionStates``, one
/// machine) and PostgreSQL (`--database`, many): a state kept by one server is read by another
/// opened on the same place, the newest kept wins, a forgotten one is gone, kinds and apps are
/// apart. The PostgreSQL run starts a server of its own.
@MainActor
@Suite(.serialized) struct SessionStateStoreTests {
    private let tab = String(repeating: "b", count: 32)

    private func state(
        _ history: [String], at screens: [NavigationEntry] = [NavigationEntry(screen: "cars.list", presentation: .root)]
    )
        -> SessionState
    {
        SessionState(
            place: NavigationSnapshot(app: "carsharing", screens: screens), history: history,
            aliases: ["two": "book --hours 2"], settings: ["width": "80"])
    }

    /// The checks, given how to open the store as one more server would (`kind` of `app`).
    private func contract(open: (_ app: String, _ kind: String) async throws -> any SessionStateStore) async throws {
        let first = try await open("carsharing", "web-tab")
        #expect(await first.state(of: tab) == nil)

        let rio = state(
            ["select rio"],
            at: [
                NavigationEntry(screen: "cars.list", presentation: .root),
                NavigationEntry(screen: "cars.details", input: ["carID": "rio"], presentation: .pushed),
            ])
        await first.keep(state(["where"]), for: tab)
        await first.keep(rio, for: tab)
        #expect(await first.state(of: tab) == rio)
        await first.closed(tab, with: rio)

        // Another server reads what the first kept.
        let second = try await open("carsharing", "web-tab")
        #expect(await second.state(of: tab) == rio)
        #expect(await second.state(of: tab)?.aliases == ["two": "book --hours 2"])
        #expect(await second.problem == nil)

        // Another kind, another app: apart.
        #expect(await (try await open("carsharing", "ssh-user")).state(of: tab) == nil)
        #expect(await (try await open("library", "web-tab")).state(of: tab) == nil)

        // Changes after a close are kept too, and a forgotten state is gone everywhere.
        let later = state(["select rio", "back"])
        await second.closed(tab, with: later)
        #expect(await (try await open("carsharing", "web-tab")).state(of: tab) == later)
        await second.forget(tab)
        #expect(await (try await open("carsharing", "web-tab")).state(of: tab) == nil)
    }

    @Test func theDataFolderKeepsStatesForTheNextServer() async throws {
        let folder = try FlowShellBinary.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try await contract { app, kind in FolderSessionStates(folder: folder.appendingPathComponent("\(app)/\(kind)").path) }
    }

    @Test func postgresKeepsStatesForEveryServer() async throws {
        try await ScratchPostgres.with { server in
            let address = try DatabaseAddress(parsing: server.address)
            try await contract { app, kind in try await PostgresStore.open(address).sessionStates(app: app, kind: kind) }
        }
    }

    /// Two servers starting at once make the tables once and get one token; `--new-token` makes
    /// another, which the next server gets.
    @Test func serversStartingTogetherShareOneSecret() async throws {
        try await ScratchPostgres.with { server in
            let address = try DatabaseAddress(parsing: server.address)
            async let one = PostgresStore.open(address).secret(app: "carsharing", named: "token", renew: false) { "1111" }
            async let two = PostgresStore.open(address).secret(app: "carsharing", named: "token", renew: false) { "2222" }
            let (first, second) = try await (one, two)
            #expect(first == second)
            #expect(["1111", "2222"].contains(first))
            let renewed = try await PostgresStore.open(address).secret(app: "carsharing", named: "token", renew: true) { "3333" }
            #expect(renewed == "3333")
            #expect(try await PostgresStore.open(address).secret(app: "carsharing", named: "token", renew: false) { "4444" } == "3333")
            #expect(try await PostgresStore.open(address).secret(app: "library", named: "token", renew: false) { "5555" } == "5555")
        }
    }

    /// A secret asked for while the server is away (as a server starting reads its token and host
    /// key) is refused after the same bound as any other request, in the same words, and the
    /// server's absence is said once; once it is back, the secret is had again.
    @Test func aSecretWhileTheServerIsAwayIsRefusedInWords() async throws {
        try await ScratchPostgres.with { server in
            let address = try DatabaseAddress(parsing: server.address)
            let reports = Reports()
            let store = try await PostgresStore.open(address) { reports.add($0) }
            #expect(try await store.secret(app: "carsharing", named: "token", renew: false) { "1111" } == "1111")
            try await server.pause()
            await #expect {
                _ = try await store.secret(app: "carsharing", named: "token", renew: false) { "2222" }
            } throws: { error in
                "\(error)"
                    == "error: cannot keep the token in PostgreSQL at 127.0.0.1:\(server.port)/postgres: the database gave no answer within 3 seconds, so nothing was done — is PostgreSQL running there? Try again in a moment"
            }
            // Found away, the next is refused at once, in the same words.
            await #expect {
                _ = try await store.secret(app: "carsharing", named: "ssh-host-key", renew: false) { "a key" }
            } throws: { error in
                "\(error)"
                    == "error: cannot keep the SSH host key in PostgreSQL at 127.0.0.1:\(server.port)/postgres: the database gave no answer within 3 seconds, so nothing was done — is PostgreSQL running there? Try again in a moment"
            }
            #expect(
                reports.all == [
                    "warning: PostgreSQL at 127.0.0.1:\(server.port)/postgres does not answer: what needs it is refused until it is back"
                ])
            try await server.start()
            // The store finds the server back by itself (a probe once a second): asked again until
            // it answers, up to a bound of liveness only.
            let bound = ContinuousClock.now + .seconds(300)
            var again: String?
            while again == nil, ContinuousClock.now < bound {
                again = try? await store.secret(app: "carsharing", named: "token", renew: false) { "3333" }
                if again == nil { try await Task.sleep(for: .seconds(1)) }
            }
            #expect(again == "1111")
        }
    }

    /// The server stopped under a running store: what cannot be written is kept in memory and
    /// said; once the server is back, the next change is written and the problem is gone.
    @Test func aStoppedServerIsSaidAndRecoveredFrom() async throws {
        try await ScratchPostgres.with { server in
            let address = try DatabaseAddress(parsing: server.address)
            let states = try await PostgresStore.open(address).sessionStates(app: "carsharing", kind: "web-tab")
            await states.keep(state(["where"]), for: tab)
            try await server.pause()
            let unkept = state(["where", "select rio"])
            await states.keep(unkept, for: tab)
            let problem = try #require(await states.problem)
            #expect(problem.hasPrefix("cannot keep where sessions are in PostgreSQL at 127.0.0.1:\(server.port)/postgres"), "\(problem)")
            #expect(await states.state(of: tab) == unkept)
            try await server.start()
            // The pool reconnects by itself, after a back-off of its own: each change waits for it
            // to answer again, up to a bound of liveness only.
            let kept = state(["where", "select rio", "back"])
            let bound = ContinuousClock.now + .seconds(300)
            await states.keep(kept, for: tab)
            while await states.problem != nil, ContinuousClock.now < bound {
                try await Task.sleep(for: .seconds(1))
                await states.keep(kept, for: tab)
            }
            #expect(await states.problem == nil)
            let another = try await PostgresStore.open(address).sessionStates(app: "carsharing", kind: "web-tab")
            #expect(await another.state(of: tab) == kept)
        }
    }

    /// A server that is not there, or a database that is not, is said with where and what to do.
    @Test func anUnreachableServerIsSaidInWords() async throws {
        let port = try ScratchPostgres.freePort()
        let nobody = try DatabaseAddress(parsing: "postgres://flowshell@127.0.0.1:\(port)/postgres")
        await #expect {
            _ = try await PostgresStore.open(nobody)
        } throws: { error in
            let said = "\(error)"
            return said.contains("cannot reach PostgreSQL at 127.0.0.1:\(port)/postgres") && said.contains("is PostgreSQL running there")
        }
        try await ScratchPostgres.with { server in
            let missing = try DatabaseAddress(parsing: "postgres://flowshell@127.0.0.1:\(server.port)/nosuch")
            await #expect {
                _ = try await PostgresStore.open(missing)
            } throws: { error in
                "\(error)".contains("PostgreSQL at 127.0.0.1:\(server.port)/nosuch has no such database")
            }
        }
    }

    @Test func addressesAreReadAndBadOnesSaidWithoutThePassword() throws {
        let address = try DatabaseAddress(parsing: "postgresql://ann:s%40cret@db.example:6543/flows?sslmode=require")
        #expect(address.host == "db.example")
        #expect(address.port == 6543)
        #expect(address.user == "ann")
        #expect(address.database == "flows")
        #expect(address.requiresTLS)
        #expect(address.place == "PostgreSQL at db.example:6543/flows")
        let defaults = try DatabaseAddress(parsing: "postgres://db.example", defaultUser: "bob")
        #expect(defaults.port == 5432)
        #expect(defaults.user == "bob")
        #expect(defaults.database == "bob")
        for (text, said) in [
            (
                "mysql://ann:hunter2@db/flows",
                "--database takes a PostgreSQL address (postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE), not a mysql:// one"
            ),
            ("postgres:///flows", "the --database address names no host: postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE"),
            ("postgres://db/flows?sslmode=verify-full", "the --database address's sslmode is disable or require, not verify-full"),
        ] {
            #expect(throws: DatabaseAddressError.self) { try DatabaseAddress(parsing: text) }
            do {
                _ = try DatabaseAddress(parsing: text)
            } catch {
                #expect(error.description == said)
                #expect(!error.description.contains("hunter2"))
            }
        }
    }
}

/// What a store said of its server's absence and return, in order.
private final class Reports: Sendable {
    private let said = Mutex<[String]>([])

    func add(_ line: String) { said.withLock { $0.append(line) } }

    var all: [String] { said.withLock { $0 } }
}
