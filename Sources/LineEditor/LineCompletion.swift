/// What the editor does on Tab: delete some typed characters before the cursor (the typed word,
/// when the match differs in case), insert text at the cursor, and list the candidates when the
/// choice is open, each with a one-line description when there is one. Which candidates there
/// are is the completer's to say.
public struct LineCompletion: Sendable, Equatable {
    /// How many characters before the cursor to delete first.
    public var deleting: Int
    /// Text to insert at the cursor.
    public var insert: String
    /// Candidates to list above the prompt (empty when the insertion settles it).
    public var candidates: [String]
    /// What each listed candidate is, by candidate.
    public var descriptions: [String: String]

    /// An answer to Tab that deletes `deleting` characters before the cursor, inserts `insert`, and
    /// lists `candidates` (with `descriptions`) when more than one fits; the defaults change nothing.
    public init(deleting: Int = 0, insert: String = "", candidates: [String] = [], descriptions: [String: String] = [:]) {
        self.deleting = deleting
        self.insert = insert
        self.candidates = candidates
        self.descriptions = descriptions
    }

    /// Nothing to insert or list (the terminal beeps).
    public static let none = LineCompletion()
}
