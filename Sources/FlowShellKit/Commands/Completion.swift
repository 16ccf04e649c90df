/// The answer to Tab: text to insert at the cursor (after deleting some typed characters, when
/// the match differs in case) and, when the choice is open, the candidates to list, each with a
/// one-line description when there is one.
public struct Completion: Sendable, Equatable {
    /// How many characters before the cursor to delete first (the typed word, when its case differs).
    public var deleting: Int
    /// Text to insert at the cursor.
    public var insert: String
    /// Candidates to list above the prompt (empty when the insertion settles it).
    public var candidates: [String]
    /// What each listed candidate is, by candidate.
    public var descriptions: [String: String]

    /// An answer that deletes `deleting` characters before the cursor, inserts `insert`, and lists
    /// `candidates` (with `descriptions`) when more than one fits; the defaults change nothing.
    public init(deleting: Int = 0, insert: String = "", candidates: [String] = [], descriptions: [String: String] = [:]) {
        self.deleting = deleting
        self.insert = insert
        self.candidates = candidates
        self.descriptions = descriptions
    }

    /// Nothing to insert or list (the terminal beeps).
    public static let none = Completion()

    /// Completes `word` against `candidates` the way shells do, without regard to case: a
    /// single match is inserted whole with a space after it (`spaceAfter` false: without);
    /// several matches extend the word to their longest common prefix, and are listed (with
    /// `descriptions`) when that adds nothing.
    public static func completing(
        _ word: String, among candidates: [String], descriptions: [String: String] = [:],
        spaceAfter: Bool = true
    ) -> Completion {
        let lowered = word.lowercased()
        let matches = Array(Set(candidates.filter { $0.lowercased().hasPrefix(lowered) })).sorted()
        guard let first = matches.first else { return .none }
        if matches.count == 1 {
            return replacing(word, with: first + (spaceAfter ? " " : ""))
        }
        var prefix = first
        for match in matches.dropFirst() {
            while !match.lowercased().hasPrefix(prefix.lowercased()) { prefix.removeLast() }
        }
        if prefix.count > word.count {
            return replacing(word, with: prefix)
        }
        return Completion(candidates: matches, descriptions: descriptions.filter { matches.contains($0.key) })
    }

    /// The completion that turns the typed `word` into `text`: only what follows when the word
    /// is already its beginning, else the whole word retyped.
    private static func replacing(_ word: String, with text: String) -> Completion {
        text.hasPrefix(word) ? Completion(insert: String(text.dropFirst(word.count))) : Completion(deleting: word.count, insert: text)
    }
}
