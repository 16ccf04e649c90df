import FlowCoordinator
import FlowShellKit
@testable import FlowShellRuntime
import FlowShellTestSupport
import Testing

/// A screen with a command whose values follow the state (`pick`), one that changes only what
/// the screen shows (`count`) and one that changes `pick`'s values (`add`).
struct OfferedDemoScreen: Screen {
    struct State: Equatable, Sendable {
        var count = 0
        var items = ["a"]
    }

    static let id = "offered.home"
    static let title = "Home"

    init(input: Nothing, context: ScreenContext) {}

    func load() -> State { State() }

    static let commands: [ScreenCommand<Self>] = [
        .command("pick", "Picks an item", .argument("ITEM", values: { $0.items })) { _, _, _, _ in },
        .command("count", "Counts") { _, state, _ in state.count += 1 },
        .command("add", "Adds an item") { _, state, _ in state.items.append("item\(state.items.count)") },
    ]

    static func render(_ state: State) -> ViewProperties {
        ViewProperties(title: title, content: [.text("count \(state.count)")])
    }
}

/// What a session offers, kept in parts: looked up in the right order, and made again only
/// when what it comes from changed.
@MainActor
@Suite struct OfferedCommandsTests {
    private func makeSession() async throws -> (Session, KeptOutput) {
        let module = FeatureModule(name: "OfferedDemo", screens: [OfferedDemoScreen.self]) { _, _ in }
        let config = #"""
            {"app": "offered", "root": "offered.home", "modules": ["OfferedDemo"],
             "transitions": [{"from": "offered.home", "command": "again", "summary": "Open home again", "to": "offered.home", "style": "push"}]}
            """#
        let runtime = try await FlowRuntime.start(config: config, modules: [module])
        let output = KeptOutput()
        let session = Session(runtime: runtime, output: output)
        session.showTop()
        return (session, output)
    }

    private func kind(_ command: OfferedCommands.Command?) -> String {
        switch command {
        case .global: "global"
        case .screen: "screen"
        case .addedByConfig: "config"
        case .alias: "alias"
        case nil: "none"
        }
    }

    @Test func aNameFindsTheGlobalCommandThenTheScreensThenTheConfigsThenAnAlias() async throws {
        let (session, _) = try await makeSession()
        try session.aliases.set("help", to: "count", in: session.runtime.shellStore)
        try session.aliases.set("c", to: "count", in: session.runtime.shellStore)
        let offered = session.offered
        #expect(kind(offered.command(named: "help")) == "global", "a global command goes before an alias of its name")
        #expect(kind(offered.command(named: "pick")) == "screen")
        #expect(kind(offered.command(named: "again")) == "config")
        #expect(kind(offered.command(named: "c")) == "alias")
        #expect(kind(offered.command(named: "nothing")) == "none")
        #expect(offered.screen?.commands.map(\.name) == ["pick", "count", "add", "again"])
    }

    @Test func theVersionStaysWhileOnlyWhatTheScreenShowsChanges() async throws {
        let (session, _) = try await makeSession()
        let before = session.offered.version
        _ = await session.run("count")
        let after = session.offered
        #expect(after.version == before, "count changes no command")
        #expect(after.screen?.content == [.text("count 1")], "what the screen shows is the new state's")
        _ = await session.run("add")
        let added = session.offered
        #expect(added.version != before, "add changes pick's values")
        #expect(added.screen?.commands.first?.arguments.first?.values == ["a", "item1"])
        try session.aliases.set("c", to: "count", in: session.runtime.shellStore)
        #expect(session.offered.version != added.version, "an alias is offered too")
        #expect(kind(session.offered.command(named: "c")) == "alias")
    }

    @Test func helpShowsTheListingItKeptUntilWhatIsOfferedChanges() async throws {
        let (session, output) = try await makeSession()
        _ = await session.run("help")
        _ = await session.run("count")
        _ = await session.run("help")
        _ = await session.run("add")
        _ = await session.run("help")
        #expect(output.listings.count == 3)
        #expect(output.listings[0] == output.listings[1])
        #expect(output.listings[2] != output.listings[1], "add changed pick's values")
        #expect(output.listings[2].screenCommands.first?.arguments.first?.values == ["a", "item1"])
    }

    @Test func backToAScreenOffersWhatItOfferedThereAndHelpListsItsCommands() async throws {
        let (session, output) = try await makeSession()
        let below = session.offered
        _ = await session.run("again")
        _ = await session.run("add")
        _ = await session.run("help")
        _ = await session.run("back")
        #expect(session.offered === below, "the screen under shows what it showed: what it offered is kept")
        _ = await session.run("help")
        #expect(output.listings.count == 2)
        #expect(output.listings[0].screenCommands.first?.arguments.first?.values == ["a", "item1"])
        #expect(output.listings[1].screenCommands.first?.arguments.first?.values == ["a"], "the listing is the screen's under")
        _ = await session.run("count")
        #expect(session.offered.screen?.content == [.text("count 1")])
        #expect(session.offered.version == below.version, "count changes no command")
    }
}
