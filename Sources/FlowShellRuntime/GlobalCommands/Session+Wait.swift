import FlowShellKit

/// `wait SECONDS` and `wait --until TEXT [--timeout SECONDS]`: a script waits for time to pass,
/// or for the top screen to show something, while the screens go on changing by themselves —
/// their updates are shown and their events routed as at an idle prompt.
extension Session {
    /// How long `wait --until` waits when no `--timeout` is given.
    static let defaultWaitTimeout = 30.0

    func wait(seconds: String?, until text: String?, timeout: String?) async {
        guard (seconds == nil) != (text == nil) else {
            fail("wait takes SECONDS or --until TEXT — usage: \(CoreCommands.wait.description.usage)")
            return
        }
        guard let limit = Self.seconds(text == nil ? seconds : timeout ?? String(Self.defaultWaitTimeout)) else {
            fail("SECONDS must be a number of seconds from 0 to 86400, not '\(text == nil ? seconds ?? "" : timeout ?? "")'")
            return
        }
        let shown = ScreenWatch()
        let previous = topView.onShown
        topView.onShown = {
            previous(); shown.signal()
        }
        defer { topView.onShown = previous }
        let deadline = ContinuousClock.now + .milliseconds(Int(limit * 1000))
        // Meanwhile the screens change as they would at a prompt: their updates are not held as
        // this line's answer, and the loop routes their events at once — those that came already too.
        let held = topView.holdsUpdates
        topView.holdsUpdates = false
        defer { topView.holdsUpdates = held }
        if flow.hasQueuedEvents { flow.onBackgroundEvents?() }
        await waitUntil(text, deadline: deadline, limit: limit, shown: shown)
    }

    private func waitUntil(_ text: String?, deadline: ContinuousClock.Instant, limit: Double, shown: ScreenWatch) async {
        await supervised {
            while true {
                if let text, self.topShows(text) { return [] }
                let remaining = deadline - ContinuousClock.now
                guard remaining > .zero else {
                    if let text { throw UserFacingError("wait: the screen did not show '\(text)' within \(Self.format(limit)) s") }
                    return []
                }
                // Wakes at the deadline, or at the next screen shown when waiting for text.
                await shown.next(orAfter: remaining)
                try Task.checkCancellation()
            }
        }
    }

    /// Whether the top screen shows `text` anywhere (title, content, status), as its View shows
    /// it when the View renders text (a table's row as its columns line up, `Plate:    A123BC`),
    /// else in any of its words and values.
    private func topShows(_ text: String) -> Bool {
        guard let properties = topProperties else { return false }
        if let shown = output.plainText(of: properties) { return shown.contains(text) }
        return ScreenDescription.lines(properties).contains { $0.contains(text) }
    }

    private static func seconds(_ text: String?) -> Double? {
        guard let text, let value = Double(text), value.isFinite, (0...86_400).contains(value) else { return nil }
        return value
    }

    private static func format(_ seconds: Double) -> String {
        seconds == seconds.rounded() ? String(Int(seconds)) : String(seconds)
    }
}
