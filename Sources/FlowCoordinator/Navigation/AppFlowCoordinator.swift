import FlowShellKit

/// The FlowCoordinator role: the root of navigation. It builds the root screen from the
/// manifest, owns the chain of ``ScreenCoordinator``s, routes queued feature events through
/// the manifest's transitions (running guards and sub-flows where the manifest says so), opens
/// deep links, saves and restores where the user was, and keeps the ``StackRouter`` in step.
@MainActor
public final class AppFlowCoordinator {
    /// The flow being run; ``reload(_:catalog:)`` replaces it.
    public private(set) var manifest: Manifest
    /// The navigation stack.
    public let router = StackRouter()
    /// The coordinator of the root screen.
    public private(set) var root: ScreenCoordinator?

    private(set) var catalog: FeatureCatalog
    private(set) var features: [String: FeatureRegistration] = [:]
    private(set) var conditions: [String: ConditionRegistration] = [:]
    private(set) var resolvers: [String: ParameterResolver] = [:]
    /// The app's services, handed to every feature built.
    public let services: ServiceContainer
    private let makeStore: @MainActor (String) -> any KeyValueStore
    private var stores: [String: any KeyValueStore] = [:]
    private var pending: [(event: FeatureEvent, source: WeakCoordinator)] = []
    var pendingGuards: [PendingGuard] = []

    /// Creates the flow for a manifest, with the features of the modules it loads.
    /// `makeStore` gives each module its settings store (in memory by default).
    public init(manifest: Manifest, catalog: FeatureCatalog, services: ServiceContainer = ServiceContainer(),
                makeStore: @escaping @MainActor (String) -> any KeyValueStore = { _ in MemoryKeyValueStore() }) {
        self.manifest = manifest
        self.catalog = catalog
        self.services = services
        self.makeStore = makeStore
        adopt(manifest, catalog: catalog)
    }

    func adopt(_ manifest: Manifest, catalog: FeatureCatalog) {
        self.manifest = manifest
        self.catalog = catalog
        features = catalog.features(loading: manifest.modules)
        conditions = catalog.conditions(loading: manifest.modules)
        resolvers = catalog.resolvers(loading: manifest.modules)
    }

    /// The settings store of a module, made once.
    func store(forModule module: String) -> any KeyValueStore {
        if let store = stores[module] { return store }
        let store = makeStore(module)
        stores[module] = store
        return store
    }

    /// Builds and shows the root screen, with `input` when it needs some (a harness driving one screen).
    public func start(input: FeatureInput = FeatureInput()) async throws {
        let coordinator = try await build(manifest.root, input: input, presentation: .root, flow: nil, isFlowRoot: false)
        setRoot(coordinator)
    }

    /// The coordinator of the screen on top.
    public var top: ScreenCoordinator? { root?.chain.last }

    /// Every running coordinator, bottom first.
    public var coordinators: [ScreenCoordinator] { root?.chain ?? [] }

    /// Routes every queued event, in the order emitted, and returns what to tell the user.
    /// Events emitted while one is being routed (a guard's flow, a slow screen) wait their turn.
    public func processEvents() async -> [Notice] {
        var notices: [Notice] = []
        while !pending.isEmpty {
            let (event, source) = pending.removeFirst()
            guard let coordinator = source.coordinator, coordinators.contains(where: { $0 === coordinator }) else {
                continue  // The screen closed before its event was routed.
            }
            notices += await route(event, from: coordinator)
        }
        return notices
    }

    /// Closes the top screen as `back` does: pops it, dismisses the modal layer it roots, or
    /// ends the sub-flow it starts (its parent then receives `<flow>.cancelled`).
    public func back() async -> [Notice] {
        guard let top, top.presentation != .root else {
            return [Notice(.error, "already at the first screen — nothing to go back to")]
        }
        if top.isFlowRoot, let flow = top.flow {
            return await finishFlow(startedBy: top, flow: flow, result: SubFlow.cancelledResult, payload: [:])
        }
        close(top)
        return []
    }

    /// Closes every screen above the root; running sub-flows and guards are abandoned.
    public func home() {
        guard let root else { return }
        if let child = root.child { close(child) }
    }

    // MARK: - Routing

    /// Queues events the screen of `coordinator` emitted, to be routed by ``processEvents()``.
    public func enqueue(_ events: [FeatureEvent], from coordinator: ScreenCoordinator) {
        for event in events { enqueue(event, from: coordinator) }
    }

    func enqueue(_ event: FeatureEvent, from coordinator: ScreenCoordinator) {
        pending.append((event, WeakCoordinator(coordinator: coordinator)))
    }

    private func route(_ event: FeatureEvent, from source: ScreenCoordinator) async -> [Notice] {
        if let flowName = source.flow, let result = manifest.flows[flowName]?.finish[event.name] {
            return await finishFlow(startedBy: flowRoot(of: source) ?? source, flow: flowName, result: result, payload: event.payload)
        }
        guard let transition = manifest.transition(from: source.featureID, on: event.name, in: source.flow) else {
            return [Notice(.warning, "'\(event.name)' from \(source.featureID) leads nowhere in this flow; nothing changed")]
        }
        return await perform(transition, payload: event.payload, from: source)
    }

    /// Runs a transition from `source` (the top screen), its guards first.
    func perform(_ transition: Transition, payload: [String: String], from source: ScreenCoordinator) async -> [Notice] {
        if let unmet = transition.requires.first(where: { !isSatisfied($0) }) {
            return await runGuard(unmet) { [weak self, weak source] in
                guard let self, let source, self.coordinators.contains(where: { $0 === source }) else { return [] }
                return await self.perform(transition, payload: payload, from: source)
            }
        }
        guard let top else { return [] }
        switch transition.style {
        case .pop:
            return await back()
        case .dismiss:
            guard let layerRoot = coordinators.last(where: { $0.presentation == .presented }) else {
                return [Notice(.error, "'\(transition.on)' asks to dismiss, but no modal layer is open")]
            }
            close(layerRoot)
            return []
        case .push, .present, .replace, .root:
            let target = transition.flow.flatMap { manifest.flows[$0] }?.root ?? transition.to
            guard let target else { return [] }
            do {
                try await show(target, input: FeatureInput(payload), style: transition.style, above: top,
                               flow: transition.flow ?? source.flow, startsFlow: transition.flow != nil)
                return []
            } catch is CancellationError {
                return [Notice(.warning, "cancelled")]
            } catch let error as UserFacingError {
                return [Notice(.error, "cannot open \(target): \(error.message)")]
            } catch {
                return [Notice(.error, "cannot open \(target): \(error)")]
            }
        }
    }

    /// Builds `featureID` and shows it above `top` with `style`.
    func show(_ featureID: String, input: FeatureInput, style: TransitionStyle, above top: ScreenCoordinator,
              flow: String?, startsFlow: Bool) async throws {
        switch style {
        case .push, .present:
            let coordinator = try await build(featureID, input: input, presentation: style == .push ? .pushed : .presented,
                                              flow: flow, isFlowRoot: startsFlow)
            top.start(coordinator)
            if style == .push { router.push(coordinator.screen) } else { router.present(coordinator.screen) }
        case .replace:
            // The replacement takes the replaced screen's place, and so its presentation.
            let coordinator = try await build(featureID, input: input, presentation: top.presentation,
                                              flow: top.flow, isFlowRoot: top.isFlowRoot)
            if let parent = top.parent {
                top.finish()
                parent.start(coordinator)
                router.replace(with: coordinator.screen)
            } else {
                setRoot(coordinator)
            }
        case .root:
            let coordinator = try await build(featureID, input: input, presentation: .root, flow: nil, isFlowRoot: false)
            setRoot(coordinator)
        case .pop, .dismiss:
            break
        }
    }

    func setRoot(_ coordinator: ScreenCoordinator) {
        root?.child.map(close)
        pendingGuards.removeAll()
        root = coordinator
        router.setRoot(coordinator.screen)
    }

    /// Closes `coordinator`'s screen and everything above it, in the router and the chain.
    func close(_ coordinator: ScreenCoordinator) {
        guard coordinator.presentation != .root else { return }
        let closing = coordinators.drop { $0 !== coordinator }
        for screen in closing.reversed() {
            if screen.presentation == .presented { router.dismiss() } else { router.pop() }
        }
        coordinator.finish()
        pendingGuards.removeAll { $0.flowRoot == nil }
    }

    func build(_ featureID: String, input: FeatureInput, presentation: ScreenCoordinator.Presentation,
               flow: String?, isFlowRoot: Bool) async throws -> ScreenCoordinator {
        guard let registration = features[featureID], let module = catalog.module(of: featureID) else {
            throw UserFacingError("no feature '\(featureID)' is loaded in this flow")
        }
        for key in registration.inputs where input[key] == nil {
            throw UserFacingError("missing input '\(key)'")
        }
        let context = ScreenContext(store: store(forModule: module), services: services)
        let screen = try await registration.make(input, context)
        try Task.checkCancellation()
        return ScreenCoordinator(featureID: featureID, screen: screen, input: input, presentation: presentation,
                                 flow: flow, isFlowRoot: isFlowRoot)
    }

    // MARK: - Sub-flows

    /// The first screen of the sub-flow instance `screen` belongs to.
    func flowRoot(of screen: ScreenCoordinator) -> ScreenCoordinator? {
        guard screen.flow != nil else { return nil }
        let chain = coordinators
        guard let index = chain.firstIndex(where: { $0 === screen }) else { return nil }
        return chain[...index].last { $0.isFlowRoot && $0.flow == screen.flow }
    }

    /// Ends the sub-flow started by `flowRoot`: closes it, then resumes the guard that started
    /// it, or sends its result to the screen that started it.
    func finishFlow(startedBy flowRoot: ScreenCoordinator, flow: String, result: String, payload: [String: String]) async -> [Notice] {
        let parent = flowRoot.parent
        let guardIndex = pendingGuards.firstIndex { $0.flowRoot === flowRoot }
        let pendingGuard = guardIndex.map { pendingGuards.remove(at: $0) }
        close(flowRoot)
        if let pendingGuard {
            return await pendingGuard.finished(result: result, coordinator: self)
        }
        if let parent, let subFlow = manifest.flows[flow] {
            enqueue(FeatureEvent(subFlow.resultEvent(result), payload: payload), from: parent)
        }
        return []
    }
}

/// A weak reference to a coordinator, for queued events.
@MainActor
final class WeakCoordinator {
    weak var coordinator: ScreenCoordinator?

    init(coordinator: ScreenCoordinator?) {
        self.coordinator = coordinator
    }
}
