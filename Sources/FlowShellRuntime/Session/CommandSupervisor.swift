import FlowCoordinator
import Dispatch

/// Runs one command's work as a task that ``cancel()`` cancels (the terminal calls it on
/// Ctrl-C), and shows a progress line when it runs long: one timer, armed per command, fires
/// only if the command is still running after ``progressDelay`` (a command that never
/// suspends finishes first).
@MainActor
final class CommandSupervisor {
    /// How long a command runs before its progress shows.
    static let progressDelay = DispatchTimeInterval.milliseconds(100)

    private var running: (any Cancellable)?
    private let cancellable: Bool
    private var progressTimer: (any DispatchSourceTimer)?
    private let showProgress: ((Bool) -> Void)?

    /// - Parameters:
    ///   - cancellable: whether anything can call ``cancel()`` (false: a command runs in the
    ///     caller's task, with none of its own).
    ///   - showProgress: shows (true) or clears (false) the progress line; nil: no progress line.
    init(cancellable: Bool, showProgress: ((Bool) -> Void)?) {
        self.showProgress = showProgress
        self.cancellable = cancellable
        if showProgress != nil {
            let timer = DispatchSource.makeTimerSource(queue: .main)
            timer.setEventHandler { [weak self] in
                MainActor.assumeIsolated { self?.showProgress?(true) }
            }
            timer.schedule(deadline: .distantFuture)
            timer.activate()
            progressTimer = timer
        }
    }

    /// Runs `work` (a command and the navigation it causes, which say what to show); Ctrl-C
    /// while it runs cancels it.
    ///
    /// The work starts at once, on this actor, and most commands finish without ever
    /// suspending: those cost no task switch, no timer and no system call. Only a command that
    /// suspends (a plugin's answer, a slow store) gets the progress timer and can be cancelled.
    func run(_ work: @escaping @MainActor () async throws -> [Notice]) async -> Result<[Notice], any Error> {
        // Nothing to cancel with and no progress to show (a script): the work runs in the
        // shell's own task, without one of its own.
        guard cancellable || progressTimer != nil else {
            do {
                return .success(try await work())
            } catch {
                return .failure(error)
            }
        }
        let outcome = Outcome()
        let task = Task.immediate { @MainActor in
            do {
                outcome.result = .success(try await work())
            } catch {
                outcome.result = .failure(error)
            }
        }
        if let finished = outcome.result {
            return finished
        }
        running = task
        progressTimer?.schedule(deadline: .now() + Self.progressDelay)
        await task.value
        progressTimer?.schedule(deadline: .distantFuture)
        running = nil
        showProgress?(false)
        return outcome.result ?? .failure(CancellationError())
    }

    /// Cancels the command that is running, if one is.
    func cancel() {
        running?.cancel()
    }
}

/// Where a command's task leaves its result, so that one that never suspended is read back
/// without awaiting the task.
@MainActor
private final class Outcome {
    var result: Result<[Notice], any Error>?
}

/// A running command that can be cancelled.
private protocol Cancellable {
    func cancel()
}

extension Task: Cancellable {}
