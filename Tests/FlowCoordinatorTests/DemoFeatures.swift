import FlowShellKit

/// A feature module made for these tests: screens that emit whatever a test asks them to, and
/// report whether they are still alive through weak references.
enum DemoModule: FeatureModule {
    static let name = "Demo"

    static var features: [FeatureRegistration] {
        [
            registration("demo.home", events: [
                EventDeclaration("open", payload: ["item"]),
                EventDeclaration("modal", payload: ["item"]),
                EventDeclaration("swap", payload: ["item"]),
                EventDeclaration("restart"),
                EventDeclaration("nowhere"),
            ]),
            registration("demo.item", inputs: ["item"], events: [
                EventDeclaration("open", payload: ["item"]),
                EventDeclaration("modal", payload: ["item"]),
                EventDeclaration("swap", payload: ["item"]),
                EventDeclaration("close"),
                EventDeclaration("done"),
                EventDeclaration("restart"),
            ]),
            registration("demo.sheet", inputs: ["item"], events: [
                EventDeclaration("open", payload: ["item"]),
                EventDeclaration("done"),
                EventDeclaration("close"),
            ]),
        ]
    }

    static func registration(_ id: String, inputs: [String] = [], events: [EventDeclaration]) -> FeatureRegistration {
        FeatureRegistration(id: id, title: id, inputs: inputs, events: events, commands: ["emit"]) { context in
            if context.input["item"] == "broken" {
                throw UserFacingError("item 'broken' cannot be shown")
            }
            let feature = DemoFeature(context: context)
            let updater = DemoUpdater(state: context.input["item"] ?? id)
            updater.feature = feature
            feature.updater = updater
            let screen = updater.makeScreen(featureID: id, owning: feature)
            DemoFeature.live.append(Weak(feature))
            return screen
        }
    }
}

/// The screens, condition and resolver the navigation tests use beside ``DemoModule``.
enum DemoNavigationModule: FeatureModule {
    static let name = "DemoNav"

    static var features: [FeatureRegistration] {
        [
            DemoModule.registration("demo.picker", events: [
                EventDeclaration("picked", payload: ["item"]),
                EventDeclaration("next", payload: ["item"]),
            ]),
            FeatureRegistration(id: "demo.login", title: "demo.login", events: [EventDeclaration("loggedIn")], commands: ["login"]) { context in
                let updater = DemoLoginUpdater(state: ())
                updater.store = context.store
                updater.emit = context.emitter
                return updater.makeScreen(featureID: "demo.login", owning: updater)
            },
        ]
    }

    static var conditions: [ConditionRegistration] {
        [ConditionRegistration("session") { $0.value(for: "user") != nil }]
    }

    static var resolvers: [ParameterResolver] {
        [ParameterResolver(parameter: "code", produces: "item") { code, _ in
            try await Task.sleep(for: .milliseconds(10))
            guard code != "bad" else { throw UserFacingError("no item has the code 'bad'") }
            return "item-\(code)"
        }]
    }
}

/// Signs in: `login` keeps a user in the module's store and emits `loggedIn`.
final class DemoLoginUpdater: Updater<Void> {
    var store: (any KeyValueStore)?
    var emit: (@MainActor (String, [String: String]) -> Void)?

    override func makeViewProperties(for state: Void) -> ViewProperties {
        ViewProperties(title: "login", commands: [
            Command("login", summary: "Sign in") { [weak self] _ in
                try self?.store?.setValue("alice", for: "user")
                self?.emit?("loggedIn", [:])
            },
        ])
    }
}

/// Emits the event named by its `emit` command.
@MainActor
final class DemoFeature: Feature {
    nonisolated static let id = "demo"
    static var live: [Weak<DemoFeature>] = []

    let emit: @MainActor (String, [String: String]) -> Void
    var updater: DemoUpdater?

    init(context: FeatureContext) {
        emit = context.emitter
    }
}

final class DemoUpdater: Updater<String> {
    weak var feature: DemoFeature?

    override func makeViewProperties(for state: String) -> ViewProperties {
        ViewProperties(title: state, commands: [
            Command("emit", summary: "emit EVENT [ITEM]", arguments: [CommandArgument("EVENT"), CommandArgument("ITEM", optional: true)]) { [weak self] arguments in
                let name = try arguments.required(0, "EVENT")
                self?.feature?.emit(name, arguments.optional(1).map { ["item": $0] } ?? [:])
            },
        ])
    }
}

/// A weak reference, to prove that closed screens are released.
@MainActor
final class Weak<Object: AnyObject> {
    weak var object: Object?
    init(_ object: Object) { self.object = object }
}
