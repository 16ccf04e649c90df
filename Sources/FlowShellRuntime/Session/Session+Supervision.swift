import FlowCoordinator
import FlowShellKit

/// Running a command's work under supervision (Ctrl-C cancels it), and showing what it says.
extension Session {
    /// Runs a command's work and the navigation it causes as one task that Ctrl-C cancels.
    func supervised(_ work: @escaping @MainActor () async throws -> [Notice]) async {
        let flow = self.flow
        // Each `await` below is asked for only when there is something to do: an async call
        // is not free even when it has nothing to wait for, and most commands route no events.
        let result = await supervisor.run { () async throws -> [Notice] in
            do {
                let notices = try await work()
                return flow.hasQueuedEvents ? notices + (await flow.processEvents()) : notices
            } catch {
                // Events emitted before the failure still route.
                if flow.hasQueuedEvents { _ = await flow.processEvents() }
                throw error
            }
        }
        // A plugin that ended during the command: its screens close back to one that works.
        let closed = runtime.hasStoppedPluginScreen ? await runtime.closeStoppedPluginScreens() : []
        defer { closed.forEach(show) }
        switch result {
        case .success(let notices):
            // Navigation's messages come before the screen it leads to.
            notices.forEach(show)
            topView.follow()
        case .failure(is CancellationError):
            topView.follow()
            show(Notice(.warning, "cancelled"))
        case .failure(let error):
            let message: String
            switch error {
            case let unknown as UnknownCommand: message = "unknown command '\(unknown.name)' here — try help"
            case let error as UserFacingError: message = error.message
            default: message = Self.unexpectedFailurePrefix + "\(error)"
            }
            topView.follow()
            commandFailure = message
            fail(message)
        }
    }

    /// How the message of a command that failed with an error that is not a message for the user
    /// begins (what a screen's bug looks like, as opposed to its refusal).
    package static let unexpectedFailurePrefix = "the command failed: "

    /// Shows a notice; an error counts as a failed line.
    public func show(_ notice: Notice) {
        if notice.style == .error { failures += 1 }
        var shown = notice
        if let linePrefix, notice.style == .error || notice.style == .warning { shown.text = linePrefix + notice.text }
        output.notice(shown)
    }

    /// Shows `message` as an error: the line failed.
    package func fail(_ message: String) {
        show(Notice(.error, message))
    }
}
