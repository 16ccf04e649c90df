import FlowShellKit

/// A message from the flow to the person at the prompt: an event that leads nowhere, a screen
/// that could not be built, nothing to go back to.
public struct Notice: Sendable, Equatable {
    /// How the message should look; `.error` also marks the command as failed.
    public var style: MessageStyle
    /// The message.
    public var text: String

    /// A notice saying `text` in `style` (a warning, an error, a success…); a text longer than
    /// ``longestText`` is cut in its middle (``cut(_:)``).
    public init(_ style: MessageStyle, _ text: String) {
        self.style = style
        self.text = Self.cut(text)
    }

    /// The longest text a notice says whole, in bytes: a message quotes what was typed
    /// (`no car '…'`), and a line of megabytes must not come back whole.
    public static let longestText = 2000

    /// `text`, or, when it is longer than ``longestText``, its beginning and its end with what
    /// was left out said between them: `no car 'aaaa… (10485000 characters cut) …aaaa' in the list`.
    public static func cut(_ text: String) -> String {
        guard text.utf8.count > longestText else { return text }
        let scalars = text.unicodeScalars
        let head = longestText * 3 / 10, tail = longestText / 10
        let left = scalars.count - head - tail
        guard left > 0 else { return text }
        return String(scalars.prefix(head)) + "… (\(left) characters cut) …" + String(scalars.suffix(tail))
    }

    /// The one way a failure to open something is said: a cancellation as such, a user-facing
    /// error by its message, anything else by its description.
    public static func cannotOpen(_ what: String, because error: any Error) -> Notice {
        if error is CancellationError { return Notice(.warning, "cancelled") }
        return Notice(.error, "cannot open \(what): \(UserFacingError.message(for: error))")
    }
}
