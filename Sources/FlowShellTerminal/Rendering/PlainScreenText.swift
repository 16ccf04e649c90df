import FlowShellKit

/// A screen as the terminal shows it to a script: no colour, no wrapping — the compact text a
/// front end that is not a terminal (an agent's) hands a reader of text.
package enum PlainScreenText {
    /// The whole screen, one string with a trailing newline.
    package static func of(_ properties: ViewProperties) -> String {
        ScreenRenderer(width: ScreenRenderer.unbounded, styler: TextStyler(colour: false), wrapsMessages: false).render(properties)
    }
}
