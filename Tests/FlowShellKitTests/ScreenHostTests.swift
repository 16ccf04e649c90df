@testable import FlowShellKit
import Testing

/// A screen made for these tests: a counter with a typed argument, an option, a flag, an
/// event with a payload, and a command that fails after changing its copy of the state.
struct TallyScreen: Screen {
    static let id = "tally.main"
    static let title = "Tally"

    struct Input: ScreenValue {
        var start: Int
        var label: String?
    }

    struct Reached: ScreenValue {
        var total: Int
    }

    struct Events: ScreenEvents {
        let reached = Event<Reached>("the tally reached its goal")
        let reset = Event<Nothing>("the tally started again")
    }

    enum Step: String, CaseIterable, Sendable {
        case one, ten
    }

    let input: Input

    init(input: Input, context: ScreenContext) throws {
        guard input.start >= 0 else { throw UserFacingError("a tally starts at 0 or more") }
        self.input = input
    }

    func load() -> Int { input.start }

    static let commands: [ScreenCommand<Self>] = [
        .command("add", "Add N", .number("N", in: 1...100, suggested: [1, 5])) { _, total, amount, emit in
            total += amount
            if total >= 10 { emit(\.reached, Reached(total: total)) }
        },
        .command("step", "Add one step", .choice("SIZE", of: Step.self), .flag("twice")) { _, total, step, twice, _ in
            total += (step == .one ? 1 : 10) * (twice ? 2 : 1)
        },
        .command("set", "Set the total", .option("to", .number("TOTAL", in: 0...1000), default: 0)) { _, total, value, _ in
            total = value
        },
        .command("fail", "Change the total, then fail") { _, total, _ in
            total = 999
            throw UserFacingError("no")
        },
        .command("reset", "Start again", when: { $0 > 0 }) { _, total, emit in
            total = 0
            emit(\.reset)
        },
    ]

    static func render(_ total: Int) -> ViewProperties {
        ViewProperties(title: "Tally", content: [.text("\(total)")], status: total > 1 ? "many" : nil)
    }
}

@MainActor
final class RecordingView: View {
    var shown: [ViewProperties] = []
    func update(with viewProperties: ViewProperties) { shown.append(viewProperties) }
}

@MainActor
@Suite struct ScreenHostTests {
    func host(start: Int = 1) async throws -> ScreenHost<TallyScreen> {
        try await ScreenHost<TallyScreen>.make(input: FeatureInput(["start": "\(start)"]), context: ScreenContext())
    }

    @Test func bindingShowsTheStateAndEachChangeIsPushed() async throws {
        let host = try await host()
        let view = RecordingView()
        host.bind(view: view)
        _ = try await host.perform("add", arguments: ["2"])
        _ = try await host.perform("step", arguments: ["ten", "--twice"])
        #expect(view.shown.map(\.content) == [[.text("1")], [.text("3")], [.text("23")]])
        #expect(view.shown.last?.status == "many")
        #expect(host.state == 23)
    }

    @Test func aCommandThatChangesNothingPushesNothing() async throws {
        let host = try await host(start: 0)
        let view = RecordingView()
        host.bind(view: view)
        _ = try await host.perform("set", arguments: ["--to", "0"])
        #expect(view.shown.count == 1)
    }

    @Test func aFailedCommandLeavesTheStateAsItWas() async throws {
        let host = try await host(start: 4)
        await #expect(throws: UserFacingError("no")) { _ = try await host.perform("fail", arguments: []) }
        #expect(host.state == 4)
        #expect(host.viewProperties.content == [.text("4")])
    }

    @Test func eventsAreEmittedByDeclarationWithTheirPayload() async throws {
        let host = try await host(start: 9)
        #expect(try await host.perform("add", arguments: ["1"]) == [FeatureEvent("reached", payload: ["total": "10"])])
        #expect(try await host.perform("reset", arguments: []) == [FeatureEvent("reset")])
    }

    @Test func commandsAreDescribedFromTheirDeclarationAndState() async throws {
        let host = try await host(start: 0)
        #expect(host.viewProperties.commands.map(\.usage) == ["add N", "step SIZE [--twice]", "set [--to TOTAL]", "fail"])
        #expect(host.viewProperties.command(named: "add")?.arguments.first?.values == ["1", "5"])
        #expect(host.viewProperties.command(named: "step")?.arguments.first?.values == ["one", "ten"])
        _ = try await host.perform("add", arguments: ["1"])
        #expect(host.viewProperties.command(named: "reset") != nil)
        await #expect(throws: UnknownCommand(name: "nope")) { _ = try await host.perform("nope", arguments: []) }
    }

    @Test func wrongArgumentsAreRefusedFromTheDeclaration() async throws {
        let host = try await host()
        await #expect(throws: UserFacingError("missing N — usage: add N")) { _ = try await host.perform("add", arguments: []) }
        await #expect(throws: UserFacingError("too many arguments — usage: add N")) {
            _ = try await host.perform("add", arguments: ["1", "2"])
        }
        await #expect(throws: UserFacingError("N must be a whole number from 1 to 100, not 'x'")) {
            _ = try await host.perform("add", arguments: ["x"])
        }
        await #expect(throws: UserFacingError("SIZE must be one or ten, not 'huge'")) {
            _ = try await host.perform("step", arguments: ["huge"])
        }
        await #expect(throws: UserFacingError("no option '--thrice' — usage: step SIZE [--twice]")) {
            _ = try await host.perform("step", arguments: ["one", "--thrice"])
        }
        await #expect(throws: UserFacingError("--to needs a value — usage: set [--to TOTAL]")) {
            _ = try await host.perform("set", arguments: ["--to"])
        }
        _ = try await host.perform("set", arguments: ["--to=7"])
        #expect(host.state == 7)
        _ = try await host.perform("step", arguments: ["ONE"])
        #expect(host.state == 8)
    }

    @Test func theInputIsReadFromItsTypeAndChecked() async throws {
        await #expect(throws: UserFacingError("missing input 'start'")) {
            _ = try await ScreenHost<TallyScreen>.make(input: FeatureInput([:]), context: ScreenContext())
        }
        await #expect(throws: UserFacingError("input 'start' must be a whole number, not 'lots'")) {
            _ = try await ScreenHost<TallyScreen>.make(input: FeatureInput(["start": "lots"]), context: ScreenContext())
        }
        await #expect(throws: UserFacingError("a tally starts at 0 or more")) {
            _ = try await ScreenHost<TallyScreen>.make(input: FeatureInput(["start": "-1"]), context: ScreenContext())
        }
    }

    @Test func theHostDoesNotKeepItsView() async throws {
        let host = try await host()
        var view: RecordingView? = RecordingView()
        weak let weakView = view
        host.bind(view: view)
        view = nil
        #expect(weakView == nil)
        _ = try await host.perform("add", arguments: ["1"])
        #expect(host.state == 2)
    }
}

@MainActor
@Suite struct ScreenRegistrationTests {
    @Test func theRegistrationIsDerivedFromTheScreenType() {
        let registration = TallyScreen.registration
        #expect(registration.id == "tally.main")
        #expect(registration.title == "Tally")
        #expect(registration.inputs == ["start"])
        #expect(
            registration.events == [
                EventDeclaration("reached", payload: ["total"], summary: "the tally reached its goal"),
                EventDeclaration("reset", payload: [], summary: "the tally started again"),
            ])
        #expect(registration.commands == ["add", "step", "set", "fail", "reset"])
    }

    @Test func eventsAreReadAmongOtherPropertiesOfAStructOrAClass() {
        struct MixedEvents: ScreenEvents {
            let first = Event<TallyScreen.Reached>("one")
            let note = "not an event"
            let count = 3
            let second = Event<Nothing>("two")
        }
        final class ClassEvents: ScreenEvents {
            let opened = Event<Nothing>("opened")
            let label = "not an event"
            let closed = Event<TallyScreen.Reached>("closed")
            init() {}
        }
        #expect(
            EventCatalog<MixedEvents>().declarations == [
                EventDeclaration("first", payload: ["total"], summary: "one"),
                EventDeclaration("second", payload: [], summary: "two"),
            ])
        #expect(EventCatalog<MixedEvents>().name(of: \MixedEvents.second) == "second")
        let classCatalog = EventCatalog<ClassEvents>()
        #expect(
            classCatalog.declarations == [
                EventDeclaration("opened", payload: [], summary: "opened"),
                EventDeclaration("closed", payload: ["total"], summary: "closed"),
            ])
        #expect(classCatalog.name(of: \ClassEvents.closed) == "closed")
    }

    @Test func valueKeysComeFromTheirTypes() {
        #expect(TallyScreen.Input.keys == ["start", "label"])
        #expect(TallyScreen.Input.requiredKeys == ["start"])
        #expect(TallyScreen.Input(start: 3, label: "x").values == ["start": "3", "label": "x"])
        #expect(TallyScreen.Input(start: 3, label: nil).values == ["start": "3"])
        #expect(Nothing.keys.isEmpty)
    }

    @Test func aModuleIsAValueOfItsScreens() {
        let module = FeatureModule(name: "Tally", screens: [TallyScreen.self])
        #expect(module.screens.map(\.id) == ["tally.main"])
        #expect(module.screen("tally.main")?.inputs == ["start"])
        #expect(module.screen("tally.other") == nil)
    }
}
