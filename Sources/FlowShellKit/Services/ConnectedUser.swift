/// Who connected to a session, as the front end that let them in knows them: the user an SSH
/// key belongs to, say. A front end hands it to the runtime when it starts the session; it is
/// that session's alone (kept over the services the sessions of a server share), and a module
/// reads it among its services (``ServiceContainer/connectedUser``). Nil where the front end
/// knows nobody: at the terminal it is the person at this machine, and a browser's tab is
/// anyone with the server's token.
public struct ConnectedUser: Sendable, Equatable {
    /// The user's name, as the front end knows it.
    public let name: String
    /// How the front end knows who they are, in words a person reads (`SSH key SHA256:…`).
    public let authenticatedBy: String

    /// A user named `name`, whom the front end knows by `authenticatedBy`.
    public init(name: String, authenticatedBy: String) {
        self.name = name
        self.authenticatedBy = authenticatedBy
    }
}
