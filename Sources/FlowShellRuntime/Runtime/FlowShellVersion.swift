/// The version of the FlowShell engine, which recordings note and `new app` depends on; a
/// shell built on it has a version of its own (its identity's version).
public enum FlowShellVersion {
    /// This FlowShell's version.
    public static let current = "0.1.0"
}
