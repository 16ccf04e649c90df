/// The View role: shows ``ViewProperties``. The host pushes every new state of the screen it
/// is bound to; nobody pulls from a View.
@MainActor
public protocol View: AnyObject {
    /// Shows new properties, replacing the previous ones.
    func update(with viewProperties: ViewProperties)
    /// Shows what the screen's command has reached while it still runs (partial results, as
    /// ``EventSink/progress(_:)`` sends them); a View that shows a command's result only when it
    /// ends may keep them for then.
    func updateInProgress(with viewProperties: ViewProperties)
}

extension View {
    /// A View that makes no difference shows progress as any other update.
    public func updateInProgress(with viewProperties: ViewProperties) {
        update(with: viewProperties)
    }
}
