import Dispatch
import LineEditor

/// Runs one command's work as a task that Ctrl-C cancels, and shows a progress line when it
/// runs long. Both are driven by the system, not by polling: the Ctrl-C handler's pipe is
/// watched by a read source, and one timer, armed per command, fires only if the command is
/// still running after ``progressDelay`` (a command that never suspends finishes first).
@MainActor
final class CommandSupervisor {
    /// How long a command runs before its progress shows.
    static let progressDelay = DispatchTimeInterval.milliseconds(100)

    private var running: (any Cancellable)?
    private var interruptSource: (any DispatchSourceRead)?
    private var progressTimer: (any DispatchSourceTimer)?
    private let showProgress: ((Bool) -> Void)?

    /// - Parameters:
    ///   - interruptDescriptor: readable when Ctrl-C is pressed (nil: nothing cancels commands).
    ///   - showProgress: shows (true) or clears (false) the progress line; nil: no progress line.
    init(interruptDescriptor: Int32?, showProgress: ((Bool) -> Void)?) {
        self.showProgress = showProgress
        if let interruptDescriptor {
            let source = DispatchSource.makeReadSource(fileDescriptor: interruptDescriptor, queue: .main)
            source.setEventHandler { [weak self] in
                MainActor.assumeIsolated {
                    Platform.drain(interruptDescriptor)
                    _ = Terminal.takeInterrupt()
                    self?.running?.cancel()
                }
            }
            // Always on: at the prompt the main queue waits for the line editor, which takes
            // the Ctrl-C itself; this handler then finds no command to cancel.
            source.activate()
            interruptSource = source
        }
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

    /// Runs `work`; Ctrl-C while it runs cancels it.
    ///
    /// The work starts at once, on this actor, and most commands finish without ever
    /// suspending: those cost no task switch, no timer and no system call. Only a command that
    /// suspends (a plugin's answer, a slow store) gets the progress timer and can be cancelled.
    func run<Value: Sendable>(_ work: @escaping @MainActor () async throws -> Value) async -> Result<Value, any Error> {
        // Nothing to cancel with and no progress to show (a script): the work runs in the
        // shell's own task, without one of its own.
        guard interruptSource != nil || progressTimer != nil else {
            do {
                return .success(try await work())
            } catch {
                return .failure(error)
            }
        }
        // A Ctrl-C from before this command is not meant for it.
        if interruptSource != nil, Terminal.interruptPending {
            _ = Terminal.takeInterrupt()
        }
        let outcome = Outcome<Value>()
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
}

/// Where a command's task leaves its result, so that one that never suspended is read back
/// without awaiting the task.
@MainActor
private final class Outcome<Value: Sendable> {
    var result: Result<Value, any Error>?
}

/// A running command that can be cancelled.
private protocol Cancellable {
    func cancel()
}

extension Task: Cancellable {}
