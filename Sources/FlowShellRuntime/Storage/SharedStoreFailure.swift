/// What a shared store could not do, in the user's words: where it is, what failed, what to do.
public struct SharedStoreFailure: Error, CustomStringConvertible {
    public let description: String

    public init(_ description: String) {
        self.description = description
    }
}
