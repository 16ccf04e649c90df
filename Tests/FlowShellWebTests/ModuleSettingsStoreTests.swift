import FlowShellKit
import FlowShellPostgres
import FlowShellRuntime
import FlowShellServing
import FlowShellSettings
import FlowShellTestSupport
import Foundation
import Testing

/// What every store of the modules' settings does, on both: the data folder (`settings.sqlite`,
/// one machine) and PostgreSQL (`--database`, many): what one server set another opened on the
/// same place reads (once it has read them, as a server does before a session starts, or been told of the change), a
/// removed setting is gone, the newest of several changes wins, modules and apps are apart. The
/// PostgreSQL run starts a server of its own.
@MainActor
@Suite(.serialized) struct ModuleSettingsStoreTests {
    /// The checks, given how to open an app's settings as one more server would, and how to wait
    /// until what one has set is kept.
    private func contract(
        open: (_ app: String) async throws -> any SettingsStorage, settle: (any SettingsStorage) async -> Void
    ) async throws {
        let first = try await open("carsharing")
        #expect(first.store(forModule: "auth").value(for: "user") == nil)
        try first.store(forModule: "auth").setValue("ann", for: "user")
        try first.store(forModule: "booking").setValue("2", for: "hours")
        try first.store(forModule: "booking").setValue("3", for: "hours")
        #expect(first.store(forModule: "auth").value(for: "user") == "ann", "read at once where it was set")
        await settle(first)

        // Another server reads what the first kept: the newest value, each module's own.
        let second = try await open("carsharing")
        #expect(second.store(forModule: "auth").value(for: "user") == "ann")
        #expect(second.store(forModule: "booking").value(for: "hours") == "3")
        #expect(second.store(forModule: "booking").value(for: "user") == nil)
        #expect(second.readProblem == nil)
        #expect(try await open("library").store(forModule: "auth").value(for: "user") == nil, "apps are apart")

        // A setting removed on one server is gone on the next one.
        try second.store(forModule: "auth").setValue(nil, for: "user")
        #expect(second.store(forModule: "auth").value(for: "user") == nil)
        await settle(second)
        #expect(try await open("carsharing").store(forModule: "auth").value(for: "user") == nil)
        #expect(try await open("carsharing").store(forModule: "booking").value(for: "hours") == "3")
    }

    @Test func theDataFolderKeepsSettingsForTheNextProgram() async throws {
        let folder = try FlowShellBinary.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try await contract(
            open: { app in try SettingsDatabase.open(inFolder: folder.appendingPathComponent(app).path) },
            settle: { _ in })
    }

    @Test func postgresKeepsSettingsForEveryServer() async throws {
        try await ScratchPostgres.with { server in
            let address = try DatabaseAddress(parsing: server.address)
            try await contract(
                open: { app in
                    // Each a server of its own, as another machine's.
                    let settings = try #require(try await PostgresStore.open(address).settings(app: app))
                    await settings.current()
                    return settings
                },
                settle: { settings in await (settings as? any SharedSettingsStorage)?.settled() })
        }
    }

    /// A server that follows the settings (it listens, and has read them since) is told of a
    /// change made through another, without reading them again for each session: what its next
    /// session finds is the change.
    @Test func aChangeThroughAnotherServerIsToldToEveryOther() async throws {
        try await ScratchPostgres.with { server in
            let address = try DatabaseAddress(parsing: server.address)
            let here = try #require(try await PostgresStore.open(address).settings(app: "carsharing"))
            let there = try #require(try await PostgresStore.open(address).settings(app: "carsharing"))
            await here.current()
            try there.store(forModule: "auth").setValue("ann", for: "user")
            await there.settled()
            // Told by NOTIFY, whenever it comes: waited for up to a bound of liveness only.
            let bound = ContinuousClock.now + .seconds(300)
            while here.store(forModule: "auth").value(for: "user") == nil, ContinuousClock.now < bound {
                try await Task.sleep(for: .milliseconds(20))
            }
            await here.current()
            #expect(here.store(forModule: "auth").value(for: "user") == "ann")
            #expect(here.readProblem == nil)
        }
    }
}
