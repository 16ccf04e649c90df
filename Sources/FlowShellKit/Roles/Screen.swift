/// The standard ``Presentable``: the per-screen ``View`` that keeps the latest properties for
/// whoever shows it (the REPL renders the top screen's). It owns the feature behind it, so
/// releasing the screen releases the feature and its updater.
@MainActor
public final class Screen: Presentable, View {
    /// The registered id of the feature behind this screen.
    public let featureID: String
    /// What the screen shows now.
    public private(set) var viewProperties: ViewProperties
    /// Keeps the feature (and through it the updater) alive as long as the screen.
    private var owner: AnyObject?

    /// Creates a screen for a feature, showing `placeholder` until the first update.
    public init(featureID: String, placeholder: ViewProperties = ViewProperties(title: "")) {
        self.featureID = featureID
        self.viewProperties = placeholder
    }

    /// Makes the screen own `object` (the feature) for as long as it lives.
    public func retain(_ object: AnyObject) {
        owner = object
    }

    /// Keeps new properties to show.
    public func update(with viewProperties: ViewProperties) {
        self.viewProperties = viewProperties
    }
}
