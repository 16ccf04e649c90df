/// Small settings a feature keeps across restarts (a session, a preference): string values by
/// key, in a namespace per module. The shell provides a store that writes each change to disk
/// atomically; tests give an in-memory one.
@MainActor
public protocol KeyValueStore: AnyObject {
    /// The value for `key`, if any.
    func value(for key: String) -> String?
    /// Sets (or, with nil, removes) the value for `key`; throws when it cannot be saved.
    func setValue(_ value: String?, for key: String) throws
}

/// A store that keeps values in memory only: for tests, and when no state folder is available.
@MainActor
public final class MemoryKeyValueStore: KeyValueStore {
    private var values: [String: String]

    /// A store that holds `values` from the start (a test's signed-in session, say).
    public init(_ values: [String: String] = [:]) {
        self.values = values
    }

    /// The value for `key`, if any.
    public func value(for key: String) -> String? {
        values[key]
    }

    /// Sets or removes the value for `key`.
    public func setValue(_ value: String?, for key: String) {
        values[key] = value
    }
}
