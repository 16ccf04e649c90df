/// What the running task does for a screen: whether it is one of the screen's subscriptions —
/// what the screen does by itself while it is open, as opposed to a command's work and its
/// effects. A clock moved only while a line waits on it (a replay's, `test`'s) moves for the
/// line's own sleeps, not for a subscription's.
package enum ScreenActivity {
    /// Whether the running task is a screen's subscription (set for the tasks the host starts
    /// for them, which inherit it).
    @TaskLocal package static var isSubscription = false
}
