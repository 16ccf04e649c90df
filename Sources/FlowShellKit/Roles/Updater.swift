/// The Updater role: owns the current state of one screen and its last ``ViewProperties``.
/// Each state change builds new properties and hands them to the bound ``View``.
///
/// Subclass it per screen and override ``makeViewProperties(for:)``:
/// ```swift
/// final class CarListUpdater: Updater<CarListState> {
///     override func makeViewProperties(for state: CarListState) -> ViewProperties { ... }
/// }
/// ```
@MainActor
open class Updater<State> {
    /// The screen's current state.
    public private(set) var state: State
    /// The properties built from the current state, once a view is bound or the state changed.
    public private(set) var viewProperties: ViewProperties?
    /// The view that shows this screen; held weakly, the screen owns the chain.
    public private(set) weak var view: (any View)?

    /// Creates an updater in its initial state.
    public init(state: State) {
        self.state = state
    }

    /// Binds the view and shows the current state on it at once.
    public func bind(view: any View) {
        self.view = view
        render()
    }

    /// Moves to a new state and shows it.
    public func update(_ newState: State) {
        state = newState
        render()
    }

    /// Changes the state in place and shows it.
    public func mutate(_ change: (inout State) -> Void) {
        change(&state)
        render()
    }

    /// Builds the properties for a state. Subclasses override it; the base shows nothing.
    open func makeViewProperties(for state: State) -> ViewProperties {
        ViewProperties(title: "")
    }

    private func render() {
        let properties = makeViewProperties(for: state)
        viewProperties = properties
        view?.update(with: properties)
    }
}

extension Updater {
    /// Makes the screen this updater shows on: binds a new ``Screen`` for `featureID`, which
    /// keeps `feature` (and so this updater) alive as long as it is shown.
    public func makeScreen(featureID: String, owning feature: AnyObject) -> Screen {
        let screen = Screen(featureID: featureID)
        screen.retain(feature)
        bind(view: screen)
        return screen
    }
}
