/// Why a manifest could not be loaded.
public enum ManifestLoadError: Error, Sendable, Equatable {
    /// The file could not be read (missing, a folder, no permission, too large).
    case unreadable(file: String, reason: String)
    /// The file was read but is not a valid manifest; every problem found is listed.
    case invalid([Diagnostic])

    /// The messages to show, one per line.
    public var messages: [String] {
        switch self {
        case .unreadable(let file, let reason):
            return ["\(file): error: cannot read the flow config: \(reason)"]
        case .invalid(let diagnostics):
            return diagnostics.map(\.description)
        }
    }
}
