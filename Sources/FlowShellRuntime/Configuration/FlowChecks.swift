import FlowShellKit
import Foundation

/// The last check of the flow that many sessions start from (a server's tabs, SSH logins and
/// agents): a session whose config is what the last one checked — the same source, the same file
/// text — starts from that check instead of loading and checking the config again, which is the
/// same work for every session. A flow with plugins is checked for each session (its modules come
/// from the session's own loader), and so is a config that changed or cannot be read. One
/// instance serves one flow's sessions: the same linked modules and reserved commands.
@MainActor
package final class FlowChecks {
    private var last: (source: ConfigSource, text: Data?, check: FlowCheck)?

    package nonisolated init() {}

    /// The check of `source` against `features`, `plugins` and `capabilities`: the last one when
    /// the config is unchanged and has no plugins, else a new one.
    func check(
        source: ConfigSource, features: [FeatureModule], plugins: PluginLoader, reserving capabilities: [SessionCapability]
    )
        -> FlowCheck
    {
        let text = source.filePath.flatMap { FileManager.default.contents(atPath: $0) }
        if let last, last.source == source, last.text == text, source.filePath == nil || text != nil {
            return last.check
        }
        let check = FlowCheck(source: source, features: features, plugins: plugins, reserving: capabilities)
        let reusable =
            check.refusal == nil && check.runnableManifest != nil && check.manifest?.plugins.isEmpty == true
            && (source.filePath == nil || text != nil)
        last = reusable ? (source, text, check) : nil
        return check
    }
}
