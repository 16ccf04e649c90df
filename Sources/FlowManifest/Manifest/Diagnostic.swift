/// One problem found in a manifest, told the way a compiler tells it:
/// `config.json:14:9: error: transitions[2].style: unknown style 'pusj'`.
public struct Diagnostic: Sendable, Equatable, CustomStringConvertible {
    /// How bad the problem is.
    public enum Severity: String, Sendable, Equatable {
        /// The flow cannot run.
        case error
        /// The flow runs, but probably not as meant.
        case warning
    }

    /// How bad the problem is.
    public var severity: Severity
    /// The file it is in, as the user named it.
    public var file: String
    /// Where in the file, when known.
    public var location: SourceLocation?
    /// The JSON path of the value concerned, when there is one.
    public var path: JSONPath?
    /// What is wrong, and what would fix it when that is known.
    public var message: String

    /// Creates a diagnostic. Characters of the message that cannot be seen (a key's control
    /// characters or no-break spaces) are named, so the message never carries them raw.
    public init(_ severity: Severity, file: String, location: SourceLocation?, path: JSONPath?, message: String) {
        self.severity = severity
        self.file = file
        self.location = location
        self.path = path
        self.message = CharacterDescription.showingInvisible(message)
    }

    /// `file:line:column: severity: path: message`.
    public var description: String {
        var text = file
        if let location { text += ":\(location.line):\(location.column)" }
        text += ": \(severity.rawValue): "
        if let path, path != .root { text += "\(path): " }
        return text + message
    }
}

extension Diagnostic {
    /// Orders diagnostics as they appear in the file; those without a place come first.
    public static func inFileOrder(_ lhs: Diagnostic, _ rhs: Diagnostic) -> Bool {
        (lhs.location ?? SourceLocation(line: 0, column: 0)) < (rhs.location ?? SourceLocation(line: 0, column: 0))
    }
}

extension Array where Element == Diagnostic {
    /// Whether any of the diagnostics is an error.
    public var containsError: Bool { contains { $0.severity == .error } }
}
