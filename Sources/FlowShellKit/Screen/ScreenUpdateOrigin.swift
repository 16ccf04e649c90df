/// Why a screen's background work changed its state: what a recording notes of an update, so
/// that its replay knows which updates time alone reproduces.
public enum ScreenUpdateOrigin: String, Codable, Sendable {
    /// The work had slept on the screen's clock (``Send/sleep(for:)``) before this change: a
    /// clock's tick, a booking that starts — moving the clock on brings it again.
    case time
    /// Anything else: a service's change stream (another process writing the data), a plugin's
    /// push, an effect's progress.
    case other

    /// The origin of the change being applied now, while a ``Send`` applies it; nil outside
    /// (a command's change). The View reads it while it is handed the new state.
    @TaskLocal public static var current: ScreenUpdateOrigin?
}
