/// Tests waiting until a count reaches a number — the screens a screen showed by itself, the
/// events it emitted. A wait ends when the count is reached, or, so that a missing update fails
/// its test instead of hanging the whole run, when the test is cancelled (its time limit) or
/// after ``livenessBound``.
@MainActor
final class CountWaiters {
    /// How long a harness waits for what a screen does in its own time before it gives up.
    nonisolated static let livenessBound: Duration = .seconds(60)

    private var waiting: [Int: (count: Int, continuation: CheckedContinuation<Bool, Never>)] = [:]
    private var nextID = 0

    /// The count is now `count`: the waits it reaches end.
    func reached(_ count: Int) {
        for (id, waiter) in waiting where waiter.count <= count {
            waiting[id] = nil
            waiter.continuation.resume(returning: true)
        }
    }

    /// Returns true once the count reaches `count` (it is `current` now); false when the wait
    /// gave up.
    func wait(until count: Int, current: Int) async -> Bool {
        guard current < count else { return true }
        nextID += 1
        let id = nextID
        let bound = Task { [weak self] in
            try? await Task.sleep(for: Self.livenessBound)
            self?.giveUp(id)
        }
        defer { bound.cancel() }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { waiting[id] = (count, $0) }
        } onCancel: {
            Task { @MainActor [weak self] in self?.giveUp(id) }
        }
    }

    private func giveUp(_ id: Int) {
        waiting.removeValue(forKey: id)?.continuation.resume(returning: false)
    }
}
