import FlowShellRuntime
/// Applies the theme's styles to text, or leaves text plain when colour is off.
package struct TextStyler: Sendable {
    /// Whether escape sequences are written at all.
    let colour: Bool

    /// A styler that writes escape sequences only when `colour` is on.
    package init(colour: Bool) {
        self.colour = colour
    }

    /// `text` in `style`.
    package func apply(_ style: Style, _ text: String) -> String {
        guard colour, !text.isEmpty else { return text }
        return "\u{1B}[\(style.sgr)m\(text)\u{1B}[0m"
    }
}
