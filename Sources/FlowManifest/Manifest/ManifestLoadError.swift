/// Why a manifest could not be loaded.
public enum ManifestLoadError: Error, Sendable, Equatable {
    /// The file could not be read (missing, a folder, no permission, too large).
    case unreadable(file: String, reason: String)
    /// The file is not well-formed JSON: the first syntax error, with its place.
    case malformed(Diagnostic)
    /// The file is JSON but not a valid manifest; every problem found is listed. `partial` is
    /// the manifest without the parts that did not decode, when its top level did, so that the
    /// rest can still be checked.
    case invalid([Diagnostic], partial: Manifest?)

    /// The messages to show, one per line.
    public var messages: [String] {
        diagnostics.map(\.description)
    }

    /// The problems as diagnostics; an unreadable file is one without a place.
    public var diagnostics: [Diagnostic] {
        switch self {
        case .unreadable(let file, let reason):
            return [Diagnostic(.error, file: file, location: nil, path: nil, message: "cannot read the flow config: \(reason)")]
        case .malformed(let diagnostic):
            return [diagnostic]
        case .invalid(let diagnostics, _):
            return diagnostics
        }
    }
}
