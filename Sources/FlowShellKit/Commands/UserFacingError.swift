/// An error whose message is meant for the person at the prompt: the shell prints it as is
/// and goes on.
public struct UserFacingError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What went wrong, in one line.
    public let message: String

    /// Creates an error with a message for the user.
    public init(_ message: String) {
        self.message = message
    }

    /// The message.
    public var description: String { message }
}

extension UserFacingError {
    /// What to tell the user about `error`: a ``UserFacingError``'s own message, or the error's
    /// description.
    public static func message(for error: any Error) -> String {
        (error as? UserFacingError)?.message ?? String(describing: error)
    }
}
