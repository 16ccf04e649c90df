import FlowShellKit

/// The FlowCoordinator role: the root of navigation. It builds the root screen from the
/// manifest, owns the chain of ``ScreenCoordinator``s, routes queued feature events through
/// the manifest's transitions and keeps the ``StackRouter`` in step.
@MainActor
public final class AppFlowCoordinator {
    /// The flow being run.
    public let manifest: Manifest
    /// The navigation stack.
    public let router = StackRouter()
    /// The coordinator of the root screen.
    public private(set) var root: ScreenCoordinator?
    private let features: [String: FeatureRegistration]
    private var pending: [(event: FeatureEvent, source: WeakCoordinator)] = []

    /// Creates the flow for a manifest, with the features of the modules it loads.
    public init(manifest: Manifest, catalog: FeatureCatalog) {
        self.manifest = manifest
        self.features = catalog.features(loading: manifest.modules)
    }

    /// Builds and shows the root screen.
    public func start() async throws {
        let coordinator = try await build(manifest.root, input: FeatureInput(), presentation: .root)
        root = coordinator
        router.setRoot(coordinator.screen)
    }

    /// The coordinator of the screen on top.
    public var top: ScreenCoordinator? { root?.chain.last }

    /// Every running coordinator, bottom first.
    public var coordinators: [ScreenCoordinator] { root?.chain ?? [] }

    /// Whether events are waiting to be routed.
    public var hasPendingEvents: Bool { !pending.isEmpty }

    /// Routes every queued event, in the order emitted, and returns what to tell the user.
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

    /// Closes the top screen as `back` does: pops it, or dismisses the modal layer it roots.
    public func back() -> Notice? {
        guard let top, top.presentation != .root else {
            return Notice(.error, "already at the first screen — nothing to go back to")
        }
        close(top)
        return nil
    }

    /// Closes every screen above the root.
    public func home() {
        guard let root else { return }
        if let child = root.child { child.finish() }
        router.popToRoot()
    }

    // MARK: - Routing

    private func enqueue(_ event: FeatureEvent, from coordinator: ScreenCoordinator) {
        pending.append((event, WeakCoordinator(coordinator: coordinator)))
    }

    private func route(_ event: FeatureEvent, from source: ScreenCoordinator) async -> [Notice] {
        guard let transition = manifest.transition(from: source.featureID, on: event.name) else {
            return [Notice(.warning, "'\(event.name)' from \(source.featureID) leads nowhere in this flow; nothing changed")]
        }
        guard let top else { return [] }
        switch transition.style {
        case .pop:
            return back().map { [$0] } ?? []
        case .dismiss:
            guard let layerRoot = coordinators.last(where: { $0.presentation == .presented }) else {
                return [Notice(.error, "'\(event.name)' asks to dismiss, but no modal layer is open")]
            }
            close(layerRoot)
            return []
        case .push, .present, .replace, .root:
            guard let targetID = transition.to else { return [] }
            do {
                try await show(targetID, input: FeatureInput(event.payload), style: transition.style, above: top)
                return []
            } catch let error as UserFacingError {
                return [Notice(.error, "cannot open \(targetID): \(error.message)")]
            } catch {
                return [Notice(.error, "cannot open \(targetID): \(error)")]
            }
        }
    }

    private func show(_ featureID: String, input: FeatureInput, style: TransitionStyle, above top: ScreenCoordinator) async throws {
        switch style {
        case .push:
            let coordinator = try await build(featureID, input: input, presentation: .pushed)
            top.start(coordinator)
            router.push(coordinator.screen)
        case .present:
            let coordinator = try await build(featureID, input: input, presentation: .presented)
            top.start(coordinator)
            router.present(coordinator.screen)
        case .replace:
            // The replacement takes the replaced screen's place, and so its presentation.
            let coordinator = try await build(featureID, input: input, presentation: top.presentation)
            if let parent = top.parent {
                top.finish()
                parent.start(coordinator)
            } else {
                root = coordinator
            }
            router.replace(with: coordinator.screen)
        case .root:
            let coordinator = try await build(featureID, input: input, presentation: .root)
            root?.child?.finish()
            root = coordinator
            router.setRoot(coordinator.screen)
        case .pop, .dismiss:
            break
        }
    }

    /// Closes `coordinator`'s screen and everything above it, in the router and the chain.
    private func close(_ coordinator: ScreenCoordinator) {
        switch coordinator.presentation {
        case .root:
            return
        case .presented:
            // Layers above this one close too.
            let layersAbove = coordinators.drop { $0 !== coordinator }.filter { $0.presentation == .presented }.count
            for _ in 0..<layersAbove { router.dismiss() }
        case .pushed:
            let above = coordinators.drop { $0 !== coordinator }
            for closing in above.reversed() {
                if closing.presentation == .presented { router.dismiss() } else { router.pop() }
            }
        }
        coordinator.finish()
    }

    private func build(_ featureID: String, input: FeatureInput, presentation: ScreenCoordinator.Presentation) async throws -> ScreenCoordinator {
        guard let registration = features[featureID] else {
            throw UserFacingError("no feature '\(featureID)' is loaded in this flow")
        }
        for key in registration.inputs where input[key] == nil {
            throw UserFacingError("missing input '\(key)'")
        }
        // The feature gets its emit function before its coordinator exists; the mailbox, kept
        // by the feature's emit function, points weakly at the coordinator once it is made.
        let mailbox = WeakCoordinator(coordinator: nil)
        let context = FeatureContext(input: input) { event in
            mailbox.coordinator?.handle(event)
        }
        let screen = try await registration.make(context)
        let coordinator = ScreenCoordinator(
            featureID: featureID, screen: screen, input: input, presentation: presentation
        ) { [weak self] event, source in
            self?.enqueue(event, from: source)
        }
        mailbox.coordinator = coordinator
        return coordinator
    }
}

/// A weak reference to a coordinator, for queued events and for the feature's emit function.
@MainActor
final class WeakCoordinator {
    weak var coordinator: ScreenCoordinator?

    init(coordinator: ScreenCoordinator?) {
        self.coordinator = coordinator
    }
}
