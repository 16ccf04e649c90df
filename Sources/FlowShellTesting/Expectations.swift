import FlowShellKit
import Testing

/// The checks the harnesses share, each recording one readable issue when it fails.
enum Expectations {
    /// `actual` equals `expected`; otherwise a diff (`- expected`, `+ actual`) under `what`.
    static func equal(_ what: String, expected: [String], actual: [String], at sourceLocation: Testing.SourceLocation) {
        if actual != expected {
            Issue.record(
                "\(what) differ\(what.hasSuffix("s") ? "" : "s") (- expected, + actual):\n\(TextDiff.lines(expected: expected, actual: actual))",
                sourceLocation: sourceLocation)
        }
    }

    /// The screen shows every line of `lines`, among others.
    static func screen(_ properties: ViewProperties, contains lines: [String], at sourceLocation: Testing.SourceLocation) {
        let actual = ScreenDescription.lines(properties)
        let missing = lines.filter { !actual.contains($0) }
        if !missing.isEmpty {
            Issue.record(
                "the screen lacks:\n\(missing.map { "  \($0)" }.joined(separator: "\n"))\nit shows:\n\(actual.map { "  \($0)" }.joined(separator: "\n"))",
                sourceLocation: sourceLocation)
        }
    }
}
