import Synchronization

/// What a plugin's reading thread hands the main actor: everything the plugin writes, in the
/// order it wrote it — except that a plugin that floods a screen with updates costs the shell
/// a decoded view per ``pace``, not per line. An update that only changes a view (it carries
/// no events) goes at once when it is the first in a while; one that comes within ``pace`` of
/// the last that went is held, unread, and replaced by the next of its screen instance, until
/// the pace ends and the newest goes. Whatever else the plugin writes — an answer, an update
/// that carries events, its end — goes after the held updates it followed, so no event is
/// dropped or reordered and an answer is never overtaken by an older view.
///
/// The main actor is woken once for whatever gathered meanwhile, not once per line, and held
/// views wait for it to have taken what went before them.
final class PluginInbox: Sendable {
    /// How long after an update that only changes a view the next is held: more views than a
    /// person can follow still reach a screen, and enough for a program or a browser following
    /// it.
    static let pace = Duration.milliseconds(20)

    private struct State {
        /// What the main actor takes next, in order.
        var ready: [PluginProcess.Output] = []
        /// The newest held update of each instance, in the order the instances first came.
        var held: [(instance: Int, line: [UInt8])] = []
        /// Whether the main actor has been woken and has not yet found the inbox empty.
        var draining = false
        /// Whether a pace runs: an update that only changes a view is held until it ends.
        var pacing = false

        /// Moves the held updates behind what is ready.
        mutating func releaseHeld() {
            ready.append(contentsOf: held.map { .line($0.line) })
            held.removeAll()
        }

        /// Whether the main actor must be woken for what is ready now.
        mutating func needsWaking() -> Bool {
            guard !ready.isEmpty, !draining else { return false }
            draining = true
            return true
        }
    }

    private let state = Mutex(State())
    private let wake: @Sendable (PluginInbox) -> Void
    private let afterPace: @Sendable (@escaping @Sendable () -> Void) -> Void

    /// - Parameters:
    ///   - afterPace: runs its argument once ``pace`` has passed (tests run it when they choose).
    ///   - wake: has the main actor ``take()`` what is ready; called on the thread that made
    ///     something ready, once until ``take()`` has found the inbox empty.
    init(
        afterPace: @escaping @Sendable (@escaping @Sendable () -> Void) -> Void = PluginInbox.runAfterPace,
        wake: @escaping @Sendable (PluginInbox) -> Void
    ) {
        self.afterPace = afterPace
        self.wake = wake
    }

    /// Runs `then` once ``pace`` has passed.
    static func runAfterPace(_ then: @escaping @Sendable () -> Void) {
        Task {
            try? await Task.sleep(for: pace)
            then()
        }
    }

    /// Takes what the plugin wrote (on its reading thread).
    func add(_ output: PluginProcess.Output) {
        var eventless: (instance: Int, line: [UInt8])?
        if case .line(let line) = output, let instance = PluginLine.eventlessUpdateInstance(line) {
            eventless = (instance, line)
        }
        let (wakes, startsPace) = state.withLock { state -> (Bool, Bool) in
            guard let (instance, line) = eventless else {
                state.releaseHeld()
                state.ready.append(output)
                return (state.needsWaking(), false)
            }
            if state.pacing {
                if let index = state.held.firstIndex(where: { $0.instance == instance }) {
                    state.held[index].line = line
                } else {
                    state.held.append((instance, line))
                }
                return (false, false)
            }
            state.pacing = true
            state.ready.append(output)
            return (state.needsWaking(), true)
        }
        if startsPace { afterPace { self.paceEnded() } }
        if wakes { wake(self) }
    }

    /// The pace has ended: the held updates go, and another pace starts after them; with none
    /// held, the next update goes at once. While the main actor has not yet taken all that went
    /// before, they wait another pace: views do not pile up behind a busy main actor.
    private func paceEnded() {
        let (wakes, paces) = state.withLock { state -> (Bool, Bool) in
            guard !state.held.isEmpty else {
                state.pacing = false
                return (false, false)
            }
            if state.draining { return (false, true) }
            state.releaseHeld()
            return (state.needsWaking(), true)
        }
        if paces { afterPace { self.paceEnded() } }
        if wakes { wake(self) }
    }

    /// What is ready, in order (on the main actor). Empty once all of it has been taken: the
    /// next thing ready wakes the main actor again.
    func take() -> [PluginProcess.Output] {
        state.withLock { state in
            guard !state.ready.isEmpty else {
                state.draining = false
                return []
            }
            let taken = state.ready
            state.ready = []
            return taken
        }
    }
}
