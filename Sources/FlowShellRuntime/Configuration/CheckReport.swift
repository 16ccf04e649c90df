import FlowCoordinator
import FlowManifest

/// `flowshell check --format json`: the result of a check as one JSON document, versioned.
package struct CheckReport: Encodable {
    /// The shape's version; it changes only when a field changes meaning or goes away.
    let v = 1
    let file: String
    let status: FlowCheck.Outcome
    let errors: Int
    let warnings: Int
    let diagnostics: [Entry]

    struct Entry: Encodable {
        let severity: String
        let file: String
        let line: Int?
        let column: Int?
        let path: String?
        let message: String
    }

    package init(_ check: FlowCheck) {
        file = check.fileName
        status = check.outcome
        errors = check.errorCount
        warnings = check.warningCount
        diagnostics = check.diagnostics.map {
            Entry(
                severity: $0.severity.rawValue, file: $0.file, line: $0.location?.line, column: $0.location?.column,
                path: $0.path.map(\.description), message: $0.message)
        }
    }
}
