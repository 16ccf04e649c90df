/// What a person sees first at the prompt: the shell and its version, what this session is, and
/// how to get on — at the terminal and in an SSH session alike.
package enum Greeting {
    /// The greeting's two lines: `title version — about`, then the keys to know.
    package static func text(title: String, version: String, about: String, styler: TextStyler) -> String {
        styler.apply(.heading, "\(title) \(version)") + " — \(about)\n"
            + styler.apply(.message(.muted), "Type help for commands, Tab to complete, quit or Ctrl-D to leave.") + "\n"
    }
}
