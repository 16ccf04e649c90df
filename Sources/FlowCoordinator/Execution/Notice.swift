import FlowShellKit

/// A message from the flow to the person at the prompt: an event that leads nowhere, a screen
/// that could not be built, nothing to go back to.
public struct Notice: Sendable, Equatable {
    /// How the message should look; `.error` also marks the command as failed.
    public var style: MessageStyle
    /// The message.
    public var text: String

    /// A notice saying `text` in `style` (a warning, an error, a success…).
    public init(_ style: MessageStyle, _ text: String) {
        self.style = style
        self.text = text
    }

    /// The one way a failure to open something is said: a cancellation as such, a user-facing
    /// error by its message, anything else by its description.
    public static func cannotOpen(_ what: String, because error: any Error) -> Notice {
        if error is CancellationError { return Notice(.warning, "cancelled") }
        return Notice(.error, "cannot open \(what): \(UserFacingError.message(for: error))")
    }
}
