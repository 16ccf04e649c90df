import Foundation

/// Python's `jsonschema`, which the tests of the repository's JSON schemas run (CI installs it;
/// without it those tests are skipped).
package enum JSONSchemaValidator {
    /// Whether `python3 -c 'import jsonschema'` succeeds on this machine.
    package static let isInstalled: Bool = {
        let probe = Process()
        probe.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        probe.arguments = ["python3", "-c", "import jsonschema"]
        probe.standardError = FileHandle.nullDevice
        guard (try? probe.run()) != nil else { return false }
        probe.waitUntilExit()
        return probe.terminationStatus == 0
    }()
}
