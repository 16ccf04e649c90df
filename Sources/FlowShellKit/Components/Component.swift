/// One block of what a screen shows. Features describe content with these values and never
/// write terminal escape codes: the View decides how each kind looks.
public enum Component: Sendable, Equatable {
    /// A heading line.
    case heading(String)
    /// A paragraph of text, wrapped to the terminal's width.
    case text(String)
    /// A bulleted list, or a numbered one when `numbered` is true.
    case list([String], numbered: Bool)
    /// A table with column headers.
    case table(Table)
    /// Aligned `key: value` lines.
    case keyValue([KeyValue])
    /// A message with a semantic style (error, warning, success, info, muted).
    case message(MessageStyle, String)
    /// A horizontal rule between blocks.
    case divider
}

/// One `key: value` line of a ``Component/keyValue(_:)`` block.
public struct KeyValue: Sendable, Equatable {
    /// The label on the left.
    public var key: String
    /// The value on the right.
    public var value: String

    /// A line showing `key` as its label and `value` beside it, aligned with the other lines of its block.
    public init(_ key: String, _ value: String) {
        self.key = key
        self.value = value
    }
}

/// The semantic style of a message; one theme maps each style to terminal attributes.
public enum MessageStyle: String, Sendable, Equatable, CaseIterable {
    /// Something failed.
    case error
    /// Something needs attention but nothing failed.
    case warning
    /// Something succeeded.
    case success
    /// Neutral information.
    case info
    /// Secondary text, shown dimmed.
    case muted
}
