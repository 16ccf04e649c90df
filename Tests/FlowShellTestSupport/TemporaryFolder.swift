import Foundation
import Testing

/// A fresh folder that is removed with its last reference. A suite that keeps one as a stored
/// property gives each of its tests a folder of its own, removed as the test ends: Swift Testing
/// makes an instance of the suite for each test.
package final class TemporaryFolder: Sendable {
    /// Where the folder is.
    package let url: URL

    /// Makes the folder. One that cannot be made fails the test that asked for it, in words,
    /// where the suite asked.
    package init(sourceLocation: SourceLocation = #_sourceLocation) {
        do {
            url = try FlowShellBinary.temporaryFolder()
        } catch {
            // A path that is not there: what the test then writes fails instead of landing elsewhere.
            url = FileManager.default.temporaryDirectory.appendingPathComponent("flowshell-test-unmade-\(UUID().uuidString)")
            Issue.record("cannot make a folder for the test: \(error)", sourceLocation: sourceLocation)
        }
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }
}
