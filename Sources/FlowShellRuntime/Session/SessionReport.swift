/// What a session's loop tells its front end (``SessionLoop``).
public enum SessionReport: Sendable, Equatable {
    /// The line `id` ended; `failed` when it failed, was refused or was cancelled (`cancelled`: a
    /// cancel reached it, running or waiting); `step` says what comes next (`.quit(N)`: the
    /// session ends, and no later line runs).
    case lineEnded(id: Int, failed: Bool, cancelled: Bool, step: Session.Step)
    /// The config was read again (a ``SessionInput/reload``), and what changed was shown: where
    /// the person is may have changed with it (a prompt that names the open screens is drawn again).
    case reloaded
}
