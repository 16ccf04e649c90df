import FlowManifest
import FlowShellKit

/// The commands of every screen the running flow loads — each screen's own and those the config
/// adds to it — with the screens that have each: an alias may not hide one, and a command typed
/// on the wrong screen is told where it lives.
struct FlowCommands {
    /// The titles of the screens that have each command, by command name, sorted.
    let screens: [String: [String]]

    init(manifest: Manifest, catalog: FeatureCatalog) {
        let features = catalog.features(loading: manifest.loadedModules)
        var screens: [String: Set<String>] = [:]
        for feature in features.values {
            for command in feature.commands { screens[command, default: []].insert(feature.title) }
        }
        for transition in manifest.transitions where transition.isCommand {
            let titles =
                transition.from == Transition.anyScreen
                ? features.values.map(\.title) : [features[transition.from]?.title ?? transition.from]
            screens[transition.on, default: []].formUnion(titles)
        }
        self.screens = screens.mapValues { $0.sorted() }
    }

    /// The screens that have `command`, as words: `Cars`, `Cars and Car details`.
    func screenList(of command: String) -> String? {
        guard let titles = screens[command], let last = titles.last else { return nil }
        return titles.count == 1 ? last : titles.dropLast().joined(separator: ", ") + " and " + last
    }
}
