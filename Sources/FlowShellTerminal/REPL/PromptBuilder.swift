import FlowCoordinator
import FlowShellKit
import FlowShellRuntime

/// The prompt: where the user is, as the titles of the open screens (`Cars › Kia Rio › `),
/// with each modal layer's screens in brackets (`[Book Kia Rio]`). A deep stack keeps its first
/// and its last crumbs and elides the middle (`Cars › … › Kia Rio › `) to fit half the width.
@MainActor
enum PromptBuilder {
    /// The longest a single screen's segment gets before it is shortened.
    static let segmentWidth = 24

    static func prompt(layers: [[OpenScreen]], styler: TextStyler, width: Int = 80) -> String {
        // Each crumb is a screen of the bottom layer or a whole modal layer, with its width.
        var crumbs: [(text: String, width: Int)] = []
        for (index, layer) in layers.enumerated() {
            // A title is text like any other (a plugin's included): it cannot drive the terminal.
            let titles = layer.map { DisplayWidth.truncate(TextSanitizer.clean($0.screen.title), to: segmentWidth) }
            if index == 0 {
                crumbs += titles.map { (styler.apply(.prompt, $0), DisplayWidth.of($0)) }
            } else {
                let text = "[" + titles.joined(separator: " › ") + "]"
                crumbs.append((styler.apply(.promptModal, text), DisplayWidth.of(text)))
            }
        }
        let separator = 3
        let budget = max(20, width / 2)
        var total = crumbs.reduce(0) { $0 + $1.width + separator }
        if total > budget, crumbs.count > 2 {
            // Drop crumbs after the first until the rest, with the ellipsis, fits.
            var kept = Array(crumbs.dropFirst())
            total = crumbs[0].width + separator + 1 + separator + kept.reduce(0) { $0 + $1.width + separator }
            while total > budget, kept.count > 1 {
                total -= kept.removeFirst().width + separator
            }
            crumbs = [crumbs[0], (styler.apply(.prompt, "…"), 1)] + kept
        }
        return crumbs.map(\.text).joined(separator: " › ") + " › "
    }
}
