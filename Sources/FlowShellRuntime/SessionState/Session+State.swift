import FlowCoordinator
import FlowShellKit

/// What the session knows as one value (``SessionState``), and going on from one.
extension Session {
    /// Where the session is, the lines typed in it, its aliases and the shell's settings `set`
    /// changed: what a front end keeps so that the session can go on later, or elsewhere.
    public var state: SessionState {
        let changed = ShellSettings.builtIn.filter { settings[$0.name] != $0.defaultValue }
        return SessionState(
            place: flow.snapshot, history: recall.history.last().map(\.line), aliases: aliases.lines,
            settings: Dictionary(uniqueKeysWithValues: changed.map { ($0.name, settings[$0.name]) }))
    }

    /// Goes on from `state`: its lines become this session's history (numbered as they were
    /// for `!N`), its aliases and settings this session's, and its place is restored — what
    /// cannot be reopened is said, as any restore says it. Shows nothing of the screens: the
    /// front end shows the top one once it is ready.
    public func resume(_ state: SessionState) async {
        for line in state.history { recall.history.append(line) }
        // Held by the session whether or not its store could keep them (it says so when one is set).
        for (name, line) in state.aliases.sorted(by: { $0.key < $1.key }) {
            try? aliases.set(name, to: line, in: runtime.shellStore)
        }
        for (name, value) in state.settings.sorted(by: { $0.key < $1.key }) {
            // A setting this shell no longer knows, or a value it no longer takes, is left out.
            try? settings.set(name, to: value, in: runtime.shellStore)
        }
        output.apply(settings)
        if !state.place.screens.isEmpty {
            await runtime.flow.restore(state.place).forEach(show)
        }
        offeredMayHaveChanged()
    }
}
