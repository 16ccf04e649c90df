import FlowShellRuntime

/// The plugins of an exploration's sessions: each session has processes of its own (started
/// when it first uses a plugin), so that what one path does to a plugin — the state it keeps,
/// a stop for a command that was too slow — is met on that path alone, and replays as it is
/// reported. A session's plugins stop when it closes; those of sessions left behind (a step
/// that did not stop when cancelled) stop at the end, which waits until every one has ended.
@MainActor
final class SessionPlugins {
    private let loader: PluginLoader
    /// The sessions' loaders not stopped yet, by identity.
    private var open: [ObjectIdentifier: PluginLoader] = [:]
    /// How many stops have begun and not ended.
    private var stopping = 0
    private var waiters: [CheckedContinuation<Void, Never>] = []

    /// The plugins of `loader`, which checked the flow.
    init(loader: PluginLoader) {
        self.loader = loader
    }

    /// The plugins of a new session: a loader of its own, or the checked one when the flow has
    /// no plugin (nothing to keep apart).
    func forSession() -> PluginLoader {
        guard loader.hasPlugins else { return loader }
        let own = loader.separate()
        open[ObjectIdentifier(own)] = own
        return own
    }

    /// Stops a session's plugins, without waiting for them to end.
    func stop(_ plugins: PluginLoader) {
        guard open.removeValue(forKey: ObjectIdentifier(plugins)) != nil else { return }
        stopping += 1
        Task { @MainActor in
            await plugins.stopPlugins()
            self.stopping -= 1
            if self.stopping == 0 {
                self.waiters.forEach { $0.resume() }
                self.waiters.removeAll()
            }
        }
    }

    /// Stops the plugins of every session still open and waits until all have ended.
    func stopAll() async {
        for plugins in Array(open.values) { stop(plugins) }
        guard stopping > 0 else { return }
        await withCheckedContinuation { waiters.append($0) }
    }
}
