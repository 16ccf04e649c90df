import FlowShellKit

/// A feature module made for these tests: screens described at run time (as another process
/// would describe them) that emit whatever a test asks them to, and report whether they are
/// still alive through weak references.
enum DemoModule {
    @MainActor static let module = FeatureModule(
        name: "Demo",
        screens: [
            registration(
                "demo.home",
                events: [
                    EventDeclaration("open", payload: ["item"]),
                    EventDeclaration("modal", payload: ["item"]),
                    EventDeclaration("swap", payload: ["item"]),
                    EventDeclaration("restart"),
                    EventDeclaration("nowhere"),
                ]),
            registration(
                "demo.item", inputs: ["item"],
                events: [
                    EventDeclaration("open", payload: ["item"]),
                    EventDeclaration("modal", payload: ["item"]),
                    EventDeclaration("swap", payload: ["item"]),
                    EventDeclaration("close"),
                    EventDeclaration("done"),
                    EventDeclaration("restart"),
                ]),
            registration(
                "demo.sheet", inputs: ["item"],
                events: [
                    EventDeclaration("open", payload: ["item"]),
                    EventDeclaration("done"),
                    EventDeclaration("close"),
                ]),
        ])

    static func registration(_ id: String, inputs: [String] = [], events: [EventDeclaration]) -> FeatureRegistration {
        FeatureRegistration(id: id, title: id, inputs: inputs, events: events, commands: ["emit"]) { input, _ in
            if input["item"] == "broken" {
                throw UserFacingError("item 'broken' cannot be shown")
            }
            let screen = DemoScreen(featureID: id, title: input["item"] ?? id)
            DemoScreen.live.append(Weak(screen))
            return screen
        }
    }
}

/// The screens, condition and resolver the navigation tests use beside ``DemoModule``.
enum DemoNavigationModule {
    @MainActor static let module = FeatureModule(
        name: "DemoNav",
        screens: [
            DemoModule.registration(
                "demo.picker",
                events: [
                    EventDeclaration("picked", payload: ["item"]),
                    EventDeclaration("next", payload: ["item"]),
                ]),
            FeatureRegistration(id: "demo.login", title: "demo.login", events: [EventDeclaration("loggedIn")], commands: ["login"]) {
                _, context in
                DemoLoginScreen(store: context.store)
            },
        ],
        // Checked asynchronously, as a service or a plugin would be asked; a store that says
        // `unreadable` makes the check fail.
        conditions: [
            ConditionRegistration("session") { context in
                await Task.yield()
                if context.store.value(for: "unreadable") != nil { throw UserFacingError("the session store cannot be read") }
                return context.store.value(for: "user") != nil
            }
        ],
        resolvers: [
            ParameterResolver(parameter: "code", produces: "item") { code, _ in
                try await Task.sleep(for: .milliseconds(10))
                guard code != "bad" else { throw UserFacingError("no item has the code 'bad'") }
                return "item-\(code)"
            }
        ]
    )
}

/// Emits the event named by its `emit EVENT [ITEM]` command: a screen described at run time,
/// whose events are checked by the manifest rather than by the compiler.
@MainActor
final class DemoScreen: HostedScreen {
    static var live: [Weak<DemoScreen>] = []

    let featureID: String
    let viewProperties: ViewProperties

    init(featureID: String, title: String) {
        self.featureID = featureID
        viewProperties = ViewProperties(
            title: title,
            commands: [
                CommandDescription(
                    name: "emit", summary: "emit EVENT [ITEM]",
                    arguments: [ArgumentDescription("EVENT"), ArgumentDescription("ITEM", optional: true)])
            ])
    }

    func bind(view: (any View)?) {
        view?.update(with: viewProperties)
    }

    func perform(_ name: String, arguments: [String]) async throws -> [FeatureEvent] {
        guard name == "emit", let command = viewProperties.command(named: name) else { throw UnknownCommand(name: name) }
        let parsed = try ParsedArguments(arguments, for: command)
        return [FeatureEvent(parsed.positionals[0], payload: parsed.positionals.count > 1 ? ["item": parsed.positionals[1]] : [:])]
    }
}

/// Signs in: `login` keeps a user in the module's store and emits `loggedIn`.
@MainActor
final class DemoLoginScreen: HostedScreen {
    let featureID = "demo.login"
    let viewProperties = ViewProperties(title: "login", commands: [CommandDescription(name: "login", summary: "Sign in")])
    let store: any KeyValueStore

    init(store: any KeyValueStore) {
        self.store = store
    }

    func bind(view: (any View)?) {
        view?.update(with: viewProperties)
    }

    func perform(_ name: String, arguments: [String]) async throws -> [FeatureEvent] {
        guard name == "login" else { throw UnknownCommand(name: name) }
        try store.setValue("alice", for: "user")
        return [FeatureEvent("loggedIn")]
    }
}

/// A weak reference, to prove that closed screens are released.
@MainActor
final class Weak<Object: AnyObject> {
    weak var object: Object?
    init(_ object: Object) { self.object = object }
}
