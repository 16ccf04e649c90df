import Synchronization

/// One wait for the next change of a screen's state: the host fires it when its state changes
/// (or the screen closes), and a cancelled wait ends at once.
final class StateChangeWaiter: Sendable {
    private let waiting = Mutex<(fired: Bool, continuation: CheckedContinuation<Void, Never>?)>((false, nil))

    /// Ends the wait (again: nothing).
    func fire() {
        let continuation = waiting.withLock { waiting in
            waiting.fired = true
            defer { waiting.continuation = nil }
            return waiting.continuation
        }
        continuation?.resume()
    }

    /// Waits until ``fire()`` is called, or the task is cancelled.
    func wait() async {
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let fired = waiting.withLock { waiting in
                    if !waiting.fired { waiting.continuation = continuation }
                    return waiting.fired
                }
                if fired { continuation.resume() }
            }
        } onCancel: {
            fire()
        }
    }
}
