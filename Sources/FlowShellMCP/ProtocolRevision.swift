/// The revisions of MCP this server speaks: the handshake revisions (`initialize`, then
/// requests on that connection) and the stateless one (`server/discover`, each request naming
/// its revision in `_meta`, state only in the handles a tool takes).
enum ProtocolRevision {
    /// The newest handshake revision, answered to an `initialize` asking for one not listed.
    static let handshake = "2025-11-25"
    /// The handshake revisions taken as asked.
    static let handshakes = ["2025-11-25", "2025-06-18"]
    /// The stateless revision.
    static let stateless = "2026-07-28"
    /// Every revision, newest first, as `server/discover` lists them.
    static let all = [stateless] + handshakes
    /// Where a request of the stateless revision names its revision.
    static let metaKey = "io.modelcontextprotocol/protocolVersion"
    /// Where a request of the stateless revision says what its client can do (ask its person).
    static let capabilitiesKey = "io.modelcontextprotocol/clientCapabilities"
    /// Where `server/discover`'s answer names the server.
    static let serverInfoKey = "io.modelcontextprotocol/serverInfo"
    /// The error a request of a revision not spoken here gets (it names those that are).
    static let unsupportedCode = -32022
}
