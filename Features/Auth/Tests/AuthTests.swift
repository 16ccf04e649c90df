@testable import Auth
import FlowShellKit
import FlowShellTesting
import Testing

@MainActor
@Suite struct AuthTests {
    private var session: ConditionRegistration {
        get throws { try #require(AuthModule.module.conditions.first { $0.name == "session" }) }
    }

    @Test func signingInKeepsTheSessionAndEmitsLoggedIn() async throws {
        let login = try await FeatureHarness(AuthModule.module, "auth.login")
        #expect(try await session.isSatisfied(ScreenContext(store: login.store)) == false)
        try await login.send("login alice")
        #expect(login.store.value(for: "user") == "alice")
        #expect(try await session.isSatisfied(ScreenContext(store: login.store)))
        login.expectEvents([FeatureEvent("loggedIn", payload: ["user": "alice"])])
    }

    @Test func aBadNameIsRefusedAndNothingIsKept() async throws {
        let login = try await FeatureHarness(AuthModule.module, "auth.login")
        await #expect(throws: UserFacingError("'a b/c' is not a user name: use up to 32 letters, digits, '.', '-' or '_'")) {
            try await login.send("login 'a b/c'")
        }
        #expect(login.store.value(for: "user") == nil)
        try await login.send("cancel")
        login.expectEvents([FeatureEvent("cancelled")])
    }

    @Test func theAccountShowsTheUserAndLogsOut() async throws {
        let account = try await FeatureHarness(AuthModule.module, "auth.account", store: MemoryKeyValueStore(["user": "bob"]))
        account.expectScreen(["title: Account", "User: bob", "status: signed in as bob", "command: logout"])
        try await account.send("logout")
        #expect(account.store.value(for: "user") == nil)
        account.expectScreen(["title: Account", "info: Nobody is signed in.", "status: not signed in"])
        account.expectEvents([FeatureEvent("loggedOut")])
    }

    /// What a session whose front end let a user in (an SSH key's) holds.
    private func connected(_ name: String) -> ServiceContainer {
        let services = ServiceContainer()
        services.register(ConnectedUser(name: name, authenticatedBy: "SSH key SHA256:abc"))
        return services
    }

    @Test func someoneWhoConnectedAsAUserIsSignedInAsThemWithNoLogin() async throws {
        let store = MemoryKeyValueStore()
        #expect(try await session.isSatisfied(ScreenContext(store: store, services: connected("carol"))))
        // Nothing is kept: the next session of someone else is not signed in by it.
        #expect(store.value(for: "user") == nil)
        #expect(try await session.isSatisfied(ScreenContext(store: store)) == false)
    }

    @Test func theAccountOfAConnectedUserSaysHowTheyCameInAndOffersNoLogout() async throws {
        let account = try await FeatureHarness(
            AuthModule.module, "auth.account", store: MemoryKeyValueStore(["user": "bob"]),
            services: connected("carol"))
        account.expectScreen(["title: Account", "User: carol", "Signed in by: SSH key SHA256:abc", "status: signed in as carol"])
        await #expect(throws: (any Error).self) { try await account.send("logout") }
        #expect(account.store.value(for: "user") == "bob")
    }
}
