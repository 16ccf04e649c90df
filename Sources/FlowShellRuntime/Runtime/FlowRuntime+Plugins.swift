import FlowCoordinator
import FlowShellKit

extension FlowRuntime {
    /// Closes the screens whose plugin has ended, back to the nearest screen that still works
    /// (the root is opened again when it is one of them); the plugin starts again when next used.
    /// Whether a plugin behind an open screen has stopped (asked before every command, so
    /// without an async call). The open screens are looked at only when a plugin's run ended
    /// since they last held none such: a command costs nothing for the screens under the top.
    var hasStoppedPluginScreen: Bool {
        let ended = plugins.host.endedRuns
        guard ended != endedPluginRunsSeen else { return false }
        if flow.router.screens.contains(where: { plugins.host.hasStopped($0.screen) }) { return true }
        endedPluginRunsSeen = ended
        return false
    }

    func closeStoppedPluginScreens() async -> [Notice] {
        var notices: [Notice] = []
        for _ in 0..<flow.stack.count {
            guard let index = flow.stack.firstIndex(where: { plugins.host.hasStopped($0.screen) }) else { break }
            if index == 0 {
                do {
                    try await flow.start()
                } catch {
                    notices.append(Notice(.error, "cannot open the root screen again: \(UserFacingError.message(for: error))"))
                }
                break
            }
            notices += await flow.back()
        }
        return notices
    }

    /// Stops every plugin the flow started (closing their stdin, then killing what is left
    /// after a second): called when the shell leaves, so no plugin outlives it.
    public func stopPlugins() async {
        await plugins.host.shutDown()
    }

    /// Ctrl-C: while the plugins are being stopped (``stopPlugins()``), kills them at once
    /// instead of waiting the second they have to exit; otherwise does nothing.
    public func interruptStoppingPlugins() {
        plugins.host.interrupt()
    }

    /// The process ids of the plugins running now.
    public var pluginProcessIDs: [Int32] {
        plugins.host.runningProcessIDs
    }
}
