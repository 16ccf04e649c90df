/// Something a ``Router`` can show: one screen with its feature behind it.
@MainActor
public protocol Presentable: AnyObject {
    /// The registered id of the feature behind this screen (`cars.details`).
    var featureID: String { get }
    /// What the screen shows now.
    var viewProperties: ViewProperties { get }
}
