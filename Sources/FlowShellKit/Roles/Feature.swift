/// The Feature role: the logic of one screen. Created from its input, it changes state
/// through its Updater and never navigates itself: it emits named events through
/// ``FeatureContext/emit(_:_:)`` and the coordinator decides, from the manifest, where they lead.
@MainActor
public protocol Feature: AnyObject {
    /// The registered id of this feature (`cars.list`).
    static var id: String { get }
}
