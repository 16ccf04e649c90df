import FlowShellKit

/// A screen of the hand-made flows with no input and no state, shown as its title.
protocol TitleOnlyScreen: Screen where Input == Nothing, State == Nothing {
    init()
}

extension TitleOnlyScreen {
    init(input: Nothing, context: ScreenContext) {
        self.init()
    }

    func load() -> Nothing { Nothing() }

    static func render(_ state: Nothing) -> ViewProperties { ViewProperties(title: title) }
}

/// A flow small enough to explore by hand (FlowExplorerTests works out what `test` must find
/// in it, step by step): a home screen, a page, a vault behind the condition `ready`, and the
/// gate whose flow makes it hold.
enum HandFeatures {
    /// The module's settings key that makes `ready` hold.
    static let readyKey = "ready"

    struct Home: TitleOnlyScreen {
        static let id = "hand.home"
        static let title = "Home"

        struct Events: ScreenEvents {
            let next = Event<Nothing>("the user goes to the page")
            let locked = Event<Nothing>("the user goes to the vault")
        }

        static let commands: [ScreenCommand<Self>] = [
            .command("next", "Go to the page") { _, _, emit in emit(\.next) },
            .command("locked", "Go to the vault") { _, _, emit in emit(\.locked) },
        ]
    }

    struct Page: TitleOnlyScreen {
        static let id = "hand.page"
        static let title = "Page"

        struct Events: ScreenEvents {
            let done = Event<Nothing>("the user is done with the page")
        }

        static let commands: [ScreenCommand<Self>] = [
            .command("done", "Leave the page") { _, _, emit in emit(\.done) }
        ]
    }

    /// Declares `never`, which none of its commands emits.
    struct Vault: TitleOnlyScreen {
        static let id = "hand.vault"
        static let title = "Vault"

        struct Events: ScreenEvents {
            let never = Event<Nothing>("an event the vault declares and never emits")
        }

        static let commands: [ScreenCommand<Self>] = []
    }

    /// The guard's flow: `unlock` makes `ready` hold and finishes it, `leave` gives up.
    struct Gate: Screen {
        static let id = "hand.gate"
        static let title = "Gate"

        struct Events: ScreenEvents {
            let unlocked = Event<Nothing>("the vault is open")
            let left = Event<Nothing>("the user gave up")
        }

        let store: any KeyValueStore

        init(input: Nothing, context: ScreenContext) {
            store = context.store
        }

        func load() -> Nothing { Nothing() }

        static let commands: [ScreenCommand<Self>] = [
            .command("unlock", "Open the vault") { screen, _, emit in
                try screen.store.setValue("yes", for: HandFeatures.readyKey)
                emit(\.unlocked)
            },
            .command("leave", "Give up") { _, _, emit in emit(\.left) },
        ]

        static func render(_ state: Nothing) -> ViewProperties { ViewProperties(title: title) }
    }

    @MainActor static let module = FeatureModule(
        name: "Hand",
        screens: [Home.self, Page.self, Vault.self, Gate.self],
        conditions: [ConditionRegistration("ready", summary: "an open vault") { context in context.store.value(for: readyKey) != nil }]
    )

    /// The flow, with its lines as FlowExplorerTests counts them.
    static let config = """
        {
          "app": "hand",
          "root": "hand.home",
          "modules": ["Hand"],
          "transitions": [
            { "from": "hand.home", "on": "next", "to": "hand.page", "style": "push" },
            { "from": "hand.home", "on": "locked", "to": "hand.vault", "style": "push", "requires": ["ready"] },
            { "from": "hand.page", "on": "done", "style": "pop" },
            { "from": "hand.page", "command": "peek", "to": "hand.vault", "style": "present" },
            { "from": "hand.vault", "on": "never", "to": "hand.home", "style": "root" }
          ],
          "flows": {
            "gate": {
              "root": "hand.gate",
              "transitions": [{ "from": "hand.gate", "on": "left", "style": "pop" }],
              "finish": { "unlocked": "opened" }
            }
          },
          "guards": { "ready": { "flow": "gate", "style": "present" } },
          "links": { "/page": ["hand.home", "hand.page"], "/vault": ["hand.home", "hand.vault"] }
        }
        """
}

/// Screens with faults planted for `test` to find: one that refuses one car, a command that
/// waits an hour, one that fails with an error that is not a message for the user.
enum PlantedFeatures {
    struct CarInput: ScreenValue {
        var carID: String
    }

    /// Refuses to open for the car `polo`.
    struct CarPapers: Screen {
        static let id = "planted.papers"
        static let title = "Car papers"

        init(input: CarInput, context: ScreenContext) throws {
            guard input.carID != "polo" else { throw UserFacingError("the papers of polo are missing") }
        }

        func load() -> Nothing { Nothing() }
        static let commands: [ScreenCommand<Self>] = []
        static func render(_ state: Nothing) -> ViewProperties { ViewProperties(title: title) }
    }

    struct Broken: Error {}

    /// `linger` sleeps an hour on the app's clock; `crash` fails with an error that is not for the user.
    struct Faulty: Screen {
        static let id = "planted.faulty"
        static let title = "Faulty"

        let clock: any Clock<Duration>

        init(input: Nothing, context: ScreenContext) {
            clock = context.clock
        }

        func load() -> Nothing { Nothing() }

        static let commands: [ScreenCommand<Self>] = [
            .command("linger", "Wait an hour") { screen, _, _ in try await screen.clock.sleep(for: .seconds(3600)) },
            .command("crash", "Fail") { _, _, _ in throw Broken() },
        ]

        static func render(_ state: Nothing) -> ViewProperties { ViewProperties(title: title) }
    }

    @MainActor static let module = FeatureModule(name: "Planted", screens: [CarPapers.self, Faulty.self])
}
