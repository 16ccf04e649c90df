/// The Coordinator role: one step of navigation. It receives its feature's events, looks up
/// where each leads, builds the target and asks the ``Router`` to show it. It owns its child
/// coordinators; a finished child reports back with ``onFlowFinished(_:)`` and is released.
@MainActor
public protocol Coordinator: AnyObject {
    /// The coordinators this one started and that are still running.
    var children: [any Coordinator] { get }
    /// Handles an event emitted by the feature this coordinator runs.
    func handle(_ event: FeatureEvent)
    /// A child reports that its flow is over; the receiver releases it.
    func onFlowFinished(_ child: any Coordinator)
}
