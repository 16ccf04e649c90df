/// An error whose message is meant for the person at the prompt: the shell prints it as is
/// and goes on.
public struct UserFacingError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What went wrong, in one line.
    public let message: String

    /// An error that tells the user `message` as is: one line, in their words
    /// (`no car 'xyz' here`), with nothing added.
    public init(_ message: String) {
        self.message = message
    }

    /// The message alone, so that an error printed anywhere reads as the user should see it.
    public var description: String { message }
}

extension UserFacingError {
    /// What to tell the user about `error`: a ``UserFacingError``'s own message, or the error's
    /// description.
    public static func message(for error: any Error) -> String {
        (error as? UserFacingError)?.message ?? String(describing: error)
    }
}
