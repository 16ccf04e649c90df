import FlowManifest
import FlowShellKit

/// The FlowCoordinator role: owns the running flow and executes what the planner
/// (``NavigationPlanner``, the Coordinator role) decides. Every change of the stack — events,
/// config commands, `back`, `home`, links, restore, reload, a guard's result — is planned first,
/// and a plan is applied whole: the screens it needs are built before anything changes.
@MainActor
public final class AppFlowCoordinator {
    /// The flow being run; ``reload(_:catalog:)`` replaces it.
    public private(set) var manifest: Manifest
    /// The stack (the Router role).
    public let router = Router()
    /// The app's services, handed to every screen built.
    public let services: ServiceContainer
    /// The planner for the current manifest.
    public private(set) var planner: NavigationPlanner
    /// Counts the manifests adopted: what was worked out from the flow stays true while this
    /// is unchanged.
    public private(set) var generation = 0

    /// The linked and plugin modules the flow's screens come from.
    public private(set) var catalog: FeatureCatalog
    private(set) var conditions: [String: ConditionRegistration] = [:]
    /// The resolvers of the link parameters, by parameter, from the modules the flow loads.
    public private(set) var resolvers: [String: ParameterResolver] = [:]
    private let makeStore: @MainActor (String) -> any KeyValueStore
    private var stores: [String: any KeyValueStore] = [:]
    /// Events emitted and not yet routed: what, from which open screen.
    private var queue: [(event: FeatureEvent, index: Int, screen: ObjectIdentifier)] = []
    /// Guards whose flows are running.
    public internal(set) var pendingGuards: [PendingGuard] = []
    /// Called when the background work of an open screen (an effect, a subscription) emitted
    /// events: they wait for ``processEvents()``, which whoever runs the flow calls when no
    /// command is running.
    public var onBackgroundEvents: (@MainActor () -> Void)?
    /// Told each event an open screen's background work emits, as it is queued: a test
    /// harness sees what screens emit by themselves.
    public var observeBackgroundEvents: (@MainActor ([FeatureEvent]) -> Void)?
    /// Told every navigation as it is carried out (``NavigationTrace``): a tool that explores
    /// the flow learns which transition each step took and how it went.
    public var observeNavigation: (@MainActor (NavigationTrace) -> Void)?

    /// Creates the flow for a manifest, with the screens of the modules it loads. `makeStore`
    /// gives each module its settings store (in memory by default). `planner`, when given, is
    /// one made for the same manifest and catalog: sessions of one flow can share it, sparing
    /// each the indexing of every transition.
    public init(
        manifest: Manifest, catalog: FeatureCatalog, services: ServiceContainer = ServiceContainer(),
        makeStore: @escaping @MainActor (String) -> any KeyValueStore = { _ in MemoryKeyValueStore() },
        planner: NavigationPlanner? = nil
    ) {
        self.manifest = manifest
        self.catalog = catalog
        self.services = services
        self.makeStore = makeStore
        // What adopt(_:catalog:) works out, worked out once here.
        generation = 1
        conditions = catalog.conditions(loading: manifest.loadedModules)
        resolvers = catalog.resolvers(loading: manifest.loadedModules)
        self.planner =
            planner
            ?? NavigationPlanner(
                manifest: manifest, screens: catalog.features(loading: manifest.loadedModules),
                conditionTitles: conditions.mapValues(\.summary))
    }

    func adopt(_ manifest: Manifest, catalog: FeatureCatalog) {
        generation += 1
        self.manifest = manifest
        self.catalog = catalog
        conditions = catalog.conditions(loading: manifest.loadedModules)
        resolvers = catalog.resolvers(loading: manifest.loadedModules)
        planner = NavigationPlanner(
            manifest: manifest, screens: catalog.features(loading: manifest.loadedModules),
            conditionTitles: conditions.mapValues(\.summary))
    }

    /// The open screens, bottom first.
    public var stack: [OpenScreen] { router.screens }
    /// The screen on top.
    public var top: OpenScreen? { router.top }
    /// The hosted screen on top, without the rest of its ``OpenScreen``: what a session asks
    /// after every line, to see whether the top changed.
    public var topScreen: (any HostedScreen)? { router.screens.last?.screen }

    /// Builds and shows the root screen, with `input` when it needs some (a harness driving one screen).
    public func start(input: FeatureInput = FeatureInput()) async throws {
        let root = try await build(NavigationEntry(screen: manifest.root, input: input.values, presentation: .root))
        _ = await changeStack(keeping: 0, adding: [root])
        pendingGuards.removeAll()
        queue.removeAll()
    }

    /// Closes every open screen, cancelling their background work (the shell is leaving).
    public func closeAll() {
        for open in router.screens { open.screen.close() }
    }

    /// Changes the stack — keeps its bottom `count` screens and adds `added` (screens just built)
    /// above them — and tells the screens: those that left close (their background work is
    /// cancelled), those that came open, and one that is on top again because what covered it
    /// closed appears (it usually looks its data up again). Returns what to tell the user of an
    /// appear that failed. Its cost is what changes: the screens below stay as they are.
    func changeStack(keeping count: Int, adding added: [OpenScreen] = []) async -> [Notice] {
        let coveredTop = router.top?.screen
        let left = router.keep(count, adding: added)
        for closed in left {
            closed.screen.close()
        }
        let firstAdded = router.screens.count - added.count
        for (offset, came) in added.enumerated() {
            // A screen keeps its place while it is open: what is below it never changes without closing it.
            let index = firstAdded + offset
            came.screen.open { [weak self, weak screen = came.screen] events in
                guard let self, let screen else { return }
                self.receiveBackground(events, from: screen, at: index)
            }
        }
        guard added.isEmpty, let top = router.top, top.screen !== coveredTop else { return [] }
        do {
            try await top.screen.appear()
            return []
        } catch is CancellationError {
            return []
        } catch {
            return [Notice(.warning, "\(top.screen.title) could not look again at what it shows: \(UserFacingError.message(for: error))")]
        }
    }

    /// Events from the background work of the screen open at `index`, queued for ``processEvents()``.
    private func receiveBackground(_ events: [FeatureEvent], from screen: any HostedScreen, at index: Int) {
        guard router.screens.indices.contains(index), router.screens[index].screen === screen else { return }
        for event in events {
            queue.append((event, index, ObjectIdentifier(screen)))
        }
        observeBackgroundEvents?(events)
        onBackgroundEvents?()
    }

    // MARK: - Intents

    /// Queues what the open screen `source` emitted, to be routed by ``processEvents()``.
    public func enqueue(_ events: [FeatureEvent], from source: any HostedScreen) {
        // Most commands emit nothing: their screen is not looked for.
        guard !events.isEmpty, let index = router.screens.lastIndex(where: { $0.screen === source }) else { return }
        for event in events {
            queue.append((event, index, ObjectIdentifier(source)))
        }
    }

    /// Whether events wait to be routed by ``processEvents()``.
    public var hasQueuedEvents: Bool { !queue.isEmpty }

    /// Routes every queued event, in the order emitted, and returns what to tell the user. An
    /// event whose screen has closed meanwhile is dropped.
    public func processEvents() async -> [Notice] {
        var notices: [Notice] = []
        while !queue.isEmpty {
            let (event, index, screen) = queue.removeFirst()
            guard router.screens.indices.contains(index), ObjectIdentifier(router.screens[index].screen) == screen else { continue }
            notices += await perform(.event(event, from: index))
        }
        return notices
    }

    /// `back`: closes the top screen, the modal layer it roots, or the sub-flow it starts.
    public func back() async -> [Notice] {
        await perform(.back)
    }

    /// `home`: closes every screen above the first; running sub-flows and guards are abandoned.
    public func home() async -> [Notice] {
        await perform(.home)
    }

    /// Runs the command `name` that the config adds to the top screen; nil when it adds none.
    public func runCommand(_ name: String) async -> [Notice]? {
        guard let top, planner.transitions(in: top.flow).command(name, on: top.featureID) != nil else { return nil }
        return await perform(.command(name, from: router.screens.count - 1))
    }

    /// Whether `event` from the open screen `source` leads anywhere in this flow: a transition
    /// takes it, or it ends the sub-flow the screen is in.
    public func leadsAnywhere(_ event: String, from source: OpenScreen) -> Bool {
        if let flow = source.flow, manifest.flows[flow]?.finish[event] != nil { return true }
        return planner.transitions(in: source.flow).transition(from: source.featureID, on: event) != nil
    }

    /// Plans an intent, with the conditions it depends on checked first, and executes the plan.
    func perform(_ intent: NavigationIntent) async -> [Notice] {
        let (plan, checked) = await planning { holds in
            planner.plan(intent, stack: router.entries, guards: pendingGuards, holds: holds)
        }
        return checked + (await execute(plan, for: intent))
    }

    // MARK: - Execution

    /// Applies a plan whole: builds its screens first (a failure changes nothing), then changes
    /// the stack, then does what follows.
    func execute(_ plan: NavigationPlan, for intent: NavigationIntent) async -> [Notice] {
        let before = observeNavigation == nil ? [] : router.entries
        func trace(_ outcome: NavigationTrace.Outcome, appearFailure: Notice? = nil) {
            observeNavigation?(
                NavigationTrace(
                    intent: intent, before: before, plan: plan, outcome: outcome, after: router.entries,
                    appearFailure: appearFailure))
        }
        if let refusal = plan.refusal {
            trace(.refused(refusal))
            return plan.notices + [refusal]
        }
        var built: [OpenScreen] = []
        for entry in plan.build {
            do {
                built.append(try await build(entry))
            } catch {
                let notice = Notice.cannotOpen(planner.title(of: entry.screen), because: error)
                trace(.failed(screen: entry.screen, notice))
                return [notice]
            }
        }
        let appeared = await changeStack(keeping: plan.keep, adding: built)
        pendingGuards.removeAll { $0.index >= plan.keep }
        if let pending = plan.startsGuard { pendingGuards.append(pending) }
        trace(.applied, appearFailure: appeared.first)
        var notices = plan.notices + appeared
        switch plan.then {
        case .event(let event, let index):
            if router.screens.indices.contains(index) {
                queue.append((event, index, ObjectIdentifier(router.screens[index].screen)))
            }
        case .guardFinished(let pending, let result):
            let condition = planner.title(ofCondition: pending.condition)
            if result == SubFlow.cancelledResult {
                notices.append(Notice(.warning, "cancelled — \(condition) is needed for that; nothing changed"))
            } else {
                let (holds, checked) = await check(pending.condition)
                notices += checked
                if holds {
                    notices += await perform(pending.resume)
                } else {
                    notices.append(Notice(.error, "\(condition) is still needed; nothing changed"))
                }
            }
        case nil:
            break
        }
        return notices
    }

    /// Builds the screen of an entry with its module's store and the app's services.
    func build(_ entry: NavigationEntry) async throws -> OpenScreen {
        guard let registration = planner.screens[entry.screen], let module = catalog.module(of: entry.screen) else {
            throw UserFacingError("no screen '\(entry.screen)' is loaded in this flow")
        }
        if let missing = registration.inputs.first(where: { entry.input[$0] == nil }) {
            throw UserFacingError("missing input '\(missing)'")
        }
        let screen = try await registration.make(
            FeatureInput(entry.input), ScreenContext(store: store(forModule: module), services: services))
        try Task.checkCancellation()
        return OpenScreen(entry: entry, screen: screen)
    }

    /// The settings store of a module, made once.
    package func store(forModule module: String) -> any KeyValueStore {
        if let store = stores[module] { return store }
        let store = makeStore(module)
        stores[module] = store
        return store
    }

    // MARK: - Links

    /// Opens a deep link: its parameters are looked up first (a failed look-up changes nothing),
    /// then it is planned as the smallest change from the current stack, through guards.
    public func open(_ link: String) async -> [Notice] {
        guard let (pattern, parameters) = manifest.link(matching: link) else {
            let known = manifest.links.map(\.pattern)
            return [
                Notice(
                    .error,
                    "no link matches '\(link)'" + (known.isEmpty ? "; this flow has no links" : "; links: \(known.joined(separator: ", "))")
                )
            ]
        }
        var values = parameters
        for parameter in pattern.parameters {
            guard let resolver = resolvers[parameter], let value = parameters[parameter] else { continue }
            do {
                values[resolver.produces] = try await resolver.resolve(value, services)
            } catch {
                return [Notice.cannotOpen(link, because: error)]
            }
        }
        // Each screen gets the values it declares; an optional input is passed when present.
        let inputs = pattern.screens.map { id in
            values.filter { planner.screens[id]?.inputs.contains($0.key) == true }
        }
        let target = LinkTarget(text: link, screens: pattern.screens, inputs: inputs, requires: pattern.requires)
        return await perform(.link(target))
    }
}
