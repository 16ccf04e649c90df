/// What running a command does to what the app keeps, as its screen declares it
/// (``ScreenCommand/changing()``, ``ScreenCommand/destructive()``): a command that declares
/// neither only looks or moves between screens. An agent's client reads it as MCP's read-only
/// and destructive hints, and a config that makes agents' sessions read-only (`agentsReadOnly`)
/// refuses such a command to an agent.
public enum CommandEffect: String, Codable, Sendable {
    /// It adds to or changes what the app keeps (a booking made).
    case changes
    /// It takes back or deletes what the app keeps (a booking cancelled).
    case destroys
}
