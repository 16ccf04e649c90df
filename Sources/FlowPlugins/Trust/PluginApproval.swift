/// What the shell was allowed to run for one plugin when its config was loaded, checked again
/// just before the plugin starts (which may be much later, on first use): a program or script
/// changed in between is not started.
public struct PluginApproval: Sendable, Equatable {
    /// What the plugin ran when it was allowed.
    public var fingerprint: PluginFingerprint.Plugin
    /// The command that trusts the config again (`flowshell trust --config flows/app.json`).
    public var trustCommand: String

    /// Approves what `fingerprint` describes; `trustCommand` is what a changed plugin's message names.
    public init(fingerprint: PluginFingerprint.Plugin, trustCommand: String) {
        self.fingerprint = fingerprint
        self.trustCommand = trustCommand
    }

    /// Why `spec` may not start now, in one line, or nil when it runs what was allowed.
    public func refusal(of spec: PluginSpec) -> String? {
        let now = PluginFingerprint.Plugin(spec)
        guard now != fingerprint else { return nil }
        return "was not started: \(now.summary) changed since its config was trusted; once you have looked at it, type: \(trustCommand)"
    }
}
