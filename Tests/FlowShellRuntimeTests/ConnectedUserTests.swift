import FlowShellKit
@testable import FlowShellRuntime
import Testing

/// A service the sessions of one server share: how many screens were built, in all sessions.
@MainActor
final class BuiltScreens {
    var count = 0
}

/// A screen that says who connected to its session, and how many screens all sessions built.
struct WhoScreen: Screen {
    static let id = "who.home"
    static let title = "Who"

    let said: String

    init(input: Nothing, context: ScreenContext) {
        let built = try? context.services.resolve(BuiltScreens.self)
        built?.count += 1
        let user = context.services.connectedUser.map { "\($0.name) (\($0.authenticatedBy))" } ?? "nobody"
        said = "\(user), screen \(built?.count ?? 0)"
    }

    func load() -> String { said }

    static let commands: [ScreenCommand<Self>] = []

    static func render(_ said: String) -> ViewProperties {
        ViewProperties(title: title, status: said)
    }
}

/// Who is there: a front end hands the runtime the user who connected, which is that session's
/// alone, over the services that the sessions of one server share.
@MainActor
@Suite struct ConnectedUserTests {
    let module = FeatureModule(name: "Who", screens: [WhoScreen.self]) { container, _ in
        container.register(BuiltScreens())
    }
    let config = #"{"app": "who", "root": "who.home", "modules": ["Who"]}"#

    @Test func eachSessionKnowsItsOwnUserOverTheServicesItShares() async throws {
        let shared = ServiceContainer()
        let ann = try await FlowRuntime.start(
            config: config, modules: [module], services: shared,
            connectedUser: ConnectedUser(name: "ann", authenticatedBy: "SSH key SHA256:ann"))
        let bob = try await FlowRuntime.start(
            config: config, modules: [module], services: shared,
            connectedUser: ConnectedUser(name: "bob", authenticatedBy: "SSH key SHA256:bob"))
        let nobody = try await FlowRuntime.start(config: config, modules: [module], services: shared)
        #expect(ann.flow.effectiveTop?.status == "ann (SSH key SHA256:ann), screen 1")
        #expect(bob.flow.effectiveTop?.status == "bob (SSH key SHA256:bob), screen 2", "the module's service is set up once, and shared")
        #expect(nobody.flow.effectiveTop?.status == "nobody, screen 3")
        #expect(shared.connectedUser == nil, "who connected stays with the session")
    }

    @Test func aModulesSessionServicesAreEachSessionsOwnAndSeeWhoConnected() async throws {
        let module = FeatureModule(
            name: "Who", screens: [WhoScreen.self],
            services: { container, _ in
                container.register(BuiltScreens())
            },
            sessionServices: { session, _ in
                session.register(Greeter(name: session.connectedUser?.name ?? "stranger"))
            })
        let shared = ServiceContainer()
        let ann = try await FlowRuntime.start(
            config: config, modules: [module], services: shared,
            connectedUser: ConnectedUser(name: "ann", authenticatedBy: "SSH key SHA256:ann"))
        let nobody = try await FlowRuntime.start(config: config, modules: [module], services: shared)
        #expect(try ann.flow.services.resolve(Greeter.self).name == "ann")
        #expect(try nobody.flow.services.resolve(Greeter.self).name == "stranger")
        #expect(!shared.contains(Greeter.self), "a session's own services stay with it")
    }
}

/// A service each session has its own of.
@MainActor
final class Greeter {
    let name: String
    init(name: String) { self.name = name }
}
