import FlowCoordinator
import FlowShellKit

/// The prompt: where the user is, as the titles of the open screens (`Cars › Kia Rio › `),
/// with each modal layer's screens in brackets (`[Book Kia Rio]`).
@MainActor
enum PromptBuilder {
    /// The longest a single screen's segment gets before it is shortened.
    static let segmentWidth = 24

    static func prompt(layers: [[OpenScreen]], styler: TextStyler) -> String {
        var segments: [String] = []
        for (index, layer) in layers.enumerated() {
            let titles = layer.map { DisplayWidth.truncate($0.screen.viewProperties.title, to: segmentWidth) }
            if index == 0 {
                segments += titles.map { styler.apply(.prompt, $0) }
            } else {
                segments.append(styler.apply(.promptModal, "[" + titles.joined(separator: " › ") + "]"))
            }
        }
        return segments.joined(separator: " › ") + " › "
    }
}
