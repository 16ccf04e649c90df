/// The View role: shows a ``ViewProperties``. Everything in it must be visible or usable
/// (content rendered, commands listed by `help` and completable).
@MainActor
public protocol View: AnyObject {
    /// Shows new properties, replacing the previous ones.
    func update(with viewProperties: ViewProperties)
}
