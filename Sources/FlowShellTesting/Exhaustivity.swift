/// How strictly a harness holds a test to what the screens did, as TCA's `TestStore` does.
public enum Exhaustivity: Sendable, Equatable {
    /// Every update a screen pushed by itself (``FeatureHarness/nextUpdate(sourceLocation:)``) and every
    /// event it emitted (``FeatureHarness/expectEvents(_:sourceLocation:)``) must be asserted
    /// before the harness ends: what was left is recorded as an issue at the harness's creation.
    case on
    /// What the test does not assert is let go: for a test that checks one thing of many.
    case off
}
