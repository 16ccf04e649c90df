/// Which of a server's sessions a line came from, as its audit record names it.
public struct ServedSession: Sendable, Equatable {
    /// The front end (`browser`, `ssh`, `ssh exec`, `agent`).
    public var frontEnd: String
    /// The session, as the front end names it (never a secret: an agent's handle is shortened).
    public var id: String
    /// Who, when the front end knows.
    public var user: String?

    /// The session `id` of `frontEnd`, of `user` when known.
    public init(frontEnd: String, id: String, user: String? = nil) {
        self.frontEnd = frontEnd
        self.id = id
        self.user = user
    }
}
