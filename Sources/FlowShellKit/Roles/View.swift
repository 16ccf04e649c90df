/// The View role: shows ``ViewProperties``. The host pushes every new state of the screen it
/// is bound to; nobody pulls from a View.
@MainActor
public protocol View: AnyObject {
    /// Shows new properties, replacing the previous ones.
    func update(with viewProperties: ViewProperties)
}
