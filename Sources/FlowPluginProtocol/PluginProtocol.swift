/// The plugin protocol's name and version, as both sides say them in `hello`
/// (`docs/plugins.md`, `plugin-protocol.schema.json`).
public enum PluginProtocol {
    /// The protocol's name.
    public static let name = "flowshell-plugin"
    /// The version this side speaks; a plugin of another major version is refused.
    public static let version = SemanticVersion(major: 1, minor: 3, patch: 0)
    /// The optional parts of the protocol this side understands.
    public static let features = ["cancel", "appear", "update", "conditions"]
    /// The deepest a message may nest arrays and objects; a deeper line stops the plugin. A
    /// view needs a handful of levels.
    public static let maximumDepth = 256
}

/// A `MAJOR.MINOR.PATCH` version.
public struct SemanticVersion: Sendable, Equatable, CustomStringConvertible {
    /// Changes when a message changes meaning or goes away.
    public var major: Int
    /// Changes when something is added.
    public var minor: Int
    /// Changes for fixes.
    public var patch: Int

    /// A version from its parts.
    public init(major: Int, minor: Int, patch: Int) {
        self.major = major
        self.minor = minor
        self.patch = patch
    }

    /// Reads `1.2.3` (a pre-release or build suffix after `-` or `+` is ignored); nil otherwise.
    public init?(_ text: String) {
        let core = text.split(whereSeparator: { $0 == "-" || $0 == "+" }).first.map(String.init) ?? ""
        let parts = core.split(separator: ".", omittingEmptySubsequences: false).map { Int($0) }
        guard parts.count == 3, let major = parts[0], let minor = parts[1], let patch = parts[2],
            major >= 0, minor >= 0, patch >= 0
        else { return nil }
        self.init(major: major, minor: minor, patch: patch)
    }

    /// `1.0.0`.
    public var description: String { "\(major).\(minor).\(patch)" }
}
