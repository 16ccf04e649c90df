@_exported import FlowCoordinator
import FlowShellKit
import Testing

/// Runs a whole flow from a manifest without a terminal: type commands on the top screen (the
/// global `back`, `home` and `open LINK` too), and check the navigation stack and the screens.
///
/// ```swift
/// let flow = try await FlowHarness(config: json, modules: [CarsModule.self, BookingModule.self])
/// try await flow.send("select rio")
/// flow.expectStack(["cars.list", "cars.details"])
/// ```
@MainActor
public final class FlowHarness {
    /// The running flow.
    public let flow: AppFlowCoordinator
    /// What the flow said (warnings, errors) since the last ``expectNotices(_:sourceLocation:)``.
    public private(set) var notices: [Notice] = []

    /// Starts the flow a manifest describes, its modules' services set up in memory (except
    /// those `services` already holds); every error in the config is recorded and thrown.
    public init(config: String, modules: [any FeatureModule.Type], services: ServiceContainer = ServiceContainer(),
                sourceLocation: Testing.SourceLocation = #_sourceLocation) async throws {
        let manifest: Manifest
        do {
            manifest = try ManifestLoader.decode(Array(config.utf8), file: "config")
        } catch {
            Issue.record("the config does not decode:\n\(error.messages.joined(separator: "\n"))", sourceLocation: sourceLocation)
            throw error
        }
        let catalog = FeatureCatalog(modules)
        let problems = ManifestValidator(catalog: catalog, globalCommands: GlobalCommand.names)
            .validate(manifest, file: "config").filter { $0.severity == .error }
        if !problems.isEmpty {
            Issue.record("the flow has errors:\n\(problems.map(\.description).joined(separator: "\n"))", sourceLocation: sourceLocation)
            throw UserFacingError("the flow has errors")
        }
        let stores = StoreBox()
        try catalog.registerServices(loading: manifest.modules, in: services, environment: .inMemory(app: manifest.app))
        flow = AppFlowCoordinator(manifest: manifest, catalog: catalog, services: services) { module in stores.store(for: module) }
        try await flow.start()
    }

    /// The feature ids of the open screens, bottom first.
    public var stack: [String] { flow.coordinators.map(\.featureID) }

    /// What the top screen shows.
    public var screen: ViewProperties { flow.top?.screen.viewProperties ?? ViewProperties(title: "") }

    /// Types a line: `back`, `home`, `open LINK`, or a command of the top screen; then routes
    /// the events it emitted. A command's error is thrown.
    public func send(_ line: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) async throws {
        let words = try CommandLineTokenizer.words(of: line)
        guard let name = words.first else { return }
        switch name {
        case "back":
            notices += await flow.back()
        case "home":
            flow.home()
        case "open":
            notices += await flow.open(words.count > 1 ? words[1] : "")
        default:
            guard let command = screen.command(named: name) else {
                let names = screen.commands.map(\.name).joined(separator: ", ")
                Issue.record("'\(screen.title)' has no command '\(name)'; it has \(names)", sourceLocation: sourceLocation)
                throw UserFacingError("unknown command '\(name)'")
            }
            do {
                try await command.handler(CommandArguments(usage: command.usage, values: Array(words.dropFirst())))
            } catch {
                notices += await flow.processEvents()
                throw error
            }
        }
        notices += await flow.processEvents()
    }

    /// Checks the open screens, bottom first.
    public func expectStack(_ expected: [String], sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        Expectations.equal("the stack", expected: expected, actual: stack, at: sourceLocation)
    }

    /// Checks the top screen, line by line (see ``ScreenDescription``).
    public func expectScreen(contains lines: [String], sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        Expectations.screen(screen, contains: lines, at: sourceLocation)
    }

    /// Checks what the flow said since the last call, then forgets it.
    public func expectNotices(_ expected: [Notice], sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        let actual = notices
        notices.removeAll()
        let describe = { (notice: Notice) in "\(notice.style.rawValue): \(notice.text)" }
        Expectations.equal("the notices", expected: expected.map(describe), actual: actual.map(describe), at: sourceLocation)
    }
}

/// One in-memory store per module, shared by its screens.
@MainActor
final class StoreBox {
    private var stores: [String: MemoryKeyValueStore] = [:]

    func store(for module: String) -> MemoryKeyValueStore {
        if let store = stores[module] { return store }
        let store = MemoryKeyValueStore()
        stores[module] = store
        return store
    }
}
