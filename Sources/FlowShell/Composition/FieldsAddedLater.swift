import FlowShellRuntime

/// The fields of a record that FlowShell began to write after recordings of its version were
/// made: a command's `effect` (what it changes) and an argument's `minimum` and `maximum` (the
/// whole numbers it takes). Each is optional, so a recording made before it has none, and a
/// replay that shows one where the recording has none finds no difference in it; one the
/// recording has is compared as any field is.
enum FieldsAddedLater {
    static let names: Set<String> = ["effect", "minimum", "maximum"]

    /// `replayed` without the added fields that `recorded` lacks at the same place (objects by
    /// key, arrays of the same length by index).
    static func withoutThoseAbsent(from recorded: JSONValue, in replayed: JSONValue) -> JSONValue {
        switch (recorded, replayed) {
        case (.object(let old), .object(let new)):
            var kept: [String: JSONValue] = [:]
            for (key, value) in new {
                if let before = old[key] {
                    kept[key] = withoutThoseAbsent(from: before, in: value)
                } else if !names.contains(key) {
                    kept[key] = value
                }
            }
            return .object(kept)
        case (.array(let old), .array(let new)) where old.count == new.count:
            return .array(zip(old, new).map { withoutThoseAbsent(from: $0, in: $1) })
        default:
            return replayed
        }
    }
}
