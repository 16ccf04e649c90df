import Dispatch
import FlowShellKit
import FlowShellRuntime
import Synchronization

/// Tab at a line editor, answered by its session's loop: the editor's reader thread hands the
/// loop a ``SessionInput/complete(_:reply:)`` and waits for the reply, so Tab is answered even
/// while a line runs. Made before the loop (the line editor is made first, for the greeting), it
/// answers nothing until it is given the loop's feed.
package final class LoopCompletion: Sendable {
    private let feed = Mutex<AsyncStream<SessionInput>.Continuation?>(nil)

    package init() {}

    /// Sends Tab's requests to the loop that `feed` feeds.
    package func answer(through feed: AsyncStream<SessionInput>.Continuation) {
        self.feed.withLock { $0 = feed }
    }

    /// What the session offers for `textBeforeCursor` (nothing when no loop runs); the calling
    /// thread — the line editor's — waits for the loop's reply.
    package func complete(_ textBeforeCursor: String) -> Completion {
        guard let feed = feed.withLock({ $0 }) else { return .none }
        let reply = Reply()
        guard case .enqueued = feed.yield(.complete(textBeforeCursor, reply: reply.give)) else { return .none }
        return reply.taken()
    }

    /// One reply, waited for on the thread that asked.
    private final class Reply: Sendable {
        private let completion = Mutex(Completion.none)
        private let given = DispatchSemaphore(value: 0)

        func give(_ completion: Completion) {
            self.completion.withLock { $0 = completion }
            given.signal()
        }

        func taken() -> Completion {
            given.wait()
            return completion.withLock { $0 }
        }
    }
}
