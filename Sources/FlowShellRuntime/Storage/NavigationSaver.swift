import FlowCoordinator
import FlowManifest
import FlowShellKit

/// Saves where the user is after each command, when it changed; a failure is said once.
@MainActor
package final class NavigationSaver {
    private let flow: AppFlowCoordinator
    private let file: NavigationStateFile?
    private let output: SessionView
    private var lastSaved: NavigationSnapshot?
    private var failed = false

    /// Saves what the flow shows (restored, opened by a link, or fresh) when the shell next
    /// goes idle or ends, unless the file holds it already (`holding`: what it was read to hold),
    /// so that a session that goes nowhere leaves the file, and the disk, alone.
    package init(flow: AppFlowCoordinator, file: NavigationStateFile?, holding onDisk: NavigationSnapshot? = nil, output: SessionView) {
        self.flow = flow
        self.file = file
        self.output = output
        self.lastSaved = onDisk
    }

    package func saveIfChanged() {
        let snapshot = flow.snapshot
        guard let file, snapshot != lastSaved else { return }
        do {
            try file.save(snapshot)
            lastSaved = snapshot
        } catch  where !failed {
            failed = true
            output.notice(Notice(.warning, "cannot save where you are to \(file.url.path): \(SystemError.describe(error))"))
        } catch {}
    }
}
