import Foundation

/// A suite whose tests each have a home folder of their own, `home` (the suite's `folder`,
/// made in its `init`), and run the demo's flow, `config`, unless the suite names another.
package protocol TestFolderSuite {
    /// The folder of the test that runs, which goes when the suite's instance does.
    var folder: TemporaryFolder { get }
}

extension TestFolderSuite {
    /// The test's home folder.
    package var home: URL { folder.url }

    /// The demo's `config.json`, in the repository.
    package var config: String { FlowShellBinary.repository.appendingPathComponent("config.json").path }
}
