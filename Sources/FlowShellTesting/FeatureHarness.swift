import FlowShellKit
import Testing

/// Runs one feature without a terminal: build it from its registration with an input, type
/// commands, and check what its screen shows and which events it emitted. Failures are
/// recorded as test issues with a diff of the screen.
///
/// ```swift
/// let list = try await FeatureHarness(CarsModule.self, "cars.list")
/// try await list.send("filter green")
/// list.expectScreen(contains: ["row: zoe | Renault Zoe | GreenGo | 11/h | 600 m"])
/// try await list.send("select zoe")
/// list.expectEvents([FeatureEvent("selected", payload: ["carID": "zoe"])])
/// ```
@MainActor
public final class FeatureHarness {
    /// The screen being driven.
    public let screen: any Presentable
    /// The feature's settings store.
    public let store: MemoryKeyValueStore
    /// The services the feature was built with.
    public let services: ServiceContainer
    private let box = EventBox()

    /// Builds the screen `featureID` of `module` with `input`. The module sets up its services
    /// in memory, except those `services` already holds (a test's own).
    public init(_ module: any FeatureModule.Type, _ featureID: String, input: [String: String] = [:],
                store: MemoryKeyValueStore = MemoryKeyValueStore(), services: ServiceContainer = ServiceContainer(),
                sourceLocation: Testing.SourceLocation = #_sourceLocation) async throws {
        guard let registration = module.features.first(where: { $0.id == featureID }) else {
            let known = module.features.map(\.id).joined(separator: ", ")
            Issue.record("\(module.name) registers no '\(featureID)'; it registers \(known)", sourceLocation: sourceLocation)
            throw UserFacingError("no feature '\(featureID)'")
        }
        self.store = store
        self.services = services
        try module.registerServices(in: services, environment: .inMemory())
        let box = self.box
        screen = try await registration.make(FeatureContext(input: FeatureInput(input), store: store, services: services) {
            box.events.append($0)
        })
    }

    /// What the screen shows now.
    public var properties: ViewProperties { screen.viewProperties }

    /// The events emitted since the last ``expectEvents(_:sourceLocation:)``.
    public var events: [FeatureEvent] { box.events }

    /// Types a command line (split like the shell does) and runs it on the screen.
    public func send(_ line: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) async throws {
        let words = try CommandLineTokenizer.words(of: line)
        guard let name = words.first else { return }
        guard let command = properties.command(named: name) else {
            let names = properties.commands.map(\.name).joined(separator: ", ")
            Issue.record("'\(properties.title)' has no command '\(name)'; it has \(names)", sourceLocation: sourceLocation)
            throw UserFacingError("unknown command '\(name)'")
        }
        try await command.handler(CommandArguments(usage: command.usage, values: Array(words.dropFirst())))
    }

    /// Checks the whole screen, line by line (see ``ScreenDescription``).
    public func expectScreen(_ lines: [String], sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        Expectations.equal("the screen", expected: lines, actual: ScreenDescription.lines(properties), at: sourceLocation)
    }

    /// Checks that the screen shows these lines, among others.
    public func expectScreen(contains lines: [String], sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        Expectations.screen(properties, contains: lines, at: sourceLocation)
    }

    /// Checks the events emitted since the last call, then forgets them.
    public func expectEvents(_ expected: [FeatureEvent], sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        let actual = box.events
        box.events.removeAll()
        Expectations.equal("the events", expected: expected.map(Self.describe), actual: actual.map(Self.describe), at: sourceLocation)
    }

    static func describe(_ event: FeatureEvent) -> String {
        event.name + (event.payload.isEmpty ? "" : " " + event.payload.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " "))
    }
}

@MainActor
final class EventBox {
    var events: [FeatureEvent] = []
}
