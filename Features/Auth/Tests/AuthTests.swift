@testable import Auth
import FlowShellKit
import Testing

@MainActor
@Suite struct AuthTests {
    final class Events {
        var emitted: [FeatureEvent] = []
    }

    private func screen(_ id: String, store: MemoryKeyValueStore, events: Events) async throws -> any Presentable {
        let registration = try #require(AuthModule.features.first { $0.id == id })
        return try await registration.make(FeatureContext(input: FeatureInput(), store: store) { events.emitted.append($0) })
    }

    private func run(_ screen: any Presentable, _ name: String, _ values: [String] = []) async throws {
        let command = try #require(screen.viewProperties.command(named: name))
        try await command.handler(CommandArguments(usage: command.usage, values: values))
    }

    private var session: ConditionRegistration {
        get throws { try #require(AuthModule.conditions.first { $0.name == "session" }) }
    }

    @Test func signingInKeepsTheSessionAndEmitsLoggedIn() async throws {
        let store = MemoryKeyValueStore()
        let events = Events()
        let login = try await screen("auth.login", store: store, events: events)
        #expect(try session.isSatisfied(store) == false)
        try await run(login, "login", ["alice"])
        #expect(store.value(for: "user") == "alice")
        #expect(try session.isSatisfied(store))
        #expect(events.emitted == [FeatureEvent("loggedIn", payload: ["user": "alice"])])
    }

    @Test func aBadNameIsRefusedAndNothingIsKept() async throws {
        let store = MemoryKeyValueStore()
        let events = Events()
        let login = try await screen("auth.login", store: store, events: events)
        await #expect(throws: UserFacingError("'a b/c' is not a user name: use up to 32 letters, digits, '.', '-' or '_'")) {
            try await run(login, "login", ["a b/c"])
        }
        #expect(store.value(for: "user") == nil)
        try await run(login, "cancel")
        #expect(events.emitted == [FeatureEvent("cancelled")])
    }

    @Test func theAccountShowsTheUserAndLogsOut() async throws {
        let store = MemoryKeyValueStore(["user": "bob"])
        let events = Events()
        let account = try await screen("auth.account", store: store, events: events)
        #expect(account.viewProperties.status == "signed in as bob")
        try await run(account, "logout")
        #expect(store.value(for: "user") == nil)
        #expect(account.viewProperties.status == "not signed in")
        #expect(account.viewProperties.commands.isEmpty)
        #expect(events.emitted == [FeatureEvent("loggedOut")])
    }
}
