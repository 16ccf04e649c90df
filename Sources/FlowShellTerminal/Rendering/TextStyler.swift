/// Applies the theme's styles to text, or leaves text plain when colour is off.
struct TextStyler: Sendable {
    /// Whether escape sequences are written at all.
    let colour: Bool

    func apply(_ style: Style, _ text: String) -> String {
        guard colour, !text.isEmpty else { return text }
        return "\u{1B}[\(style.sgr)m\(text)\u{1B}[0m"
    }
}
