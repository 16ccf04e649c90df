import Foundation

/// A fresh folder that is removed with its last reference. A suite that keeps one as a stored
/// property gives each of its tests a folder of its own, removed as the test ends: Swift Testing
/// makes an instance of the suite for each test.
package final class TemporaryFolder: Sendable {
    /// Where the folder is.
    package let url: URL

    /// Makes the folder.
    package init() throws {
        url = try FlowShellBinary.temporaryFolder()
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }
}
