/// Tells a waiting `wait` that a screen was shown, or that its time is up.
@MainActor
final class ScreenWatch {
    private var waiter: CheckedContinuation<Void, Never>?
    private var timer: Task<Void, Never>?

    /// A screen was shown.
    func signal() {
        resume()
    }

    /// Returns at the next ``signal()``, after `duration`, or when the task is cancelled.
    func next(orAfter duration: Duration) async {
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                waiter = continuation
                timer = Task { @MainActor [weak self] in
                    try? await Task.sleep(for: duration)
                    self?.resume()
                }
            }
        } onCancel: {
            Task { @MainActor in self.resume() }
        }
    }

    private func resume() {
        timer?.cancel()
        timer = nil
        let waiting = waiter
        waiter = nil
        waiting?.resume()
    }
}
