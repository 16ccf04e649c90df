/// The answer to Tab: text to insert at the cursor and, when the choice is open, the
/// candidates to list.
public struct Completion: Sendable, Equatable {
    /// Text to insert at the cursor.
    public var insert: String
    /// Candidates to list above the prompt (empty when the insertion settles it).
    public var candidates: [String]

    /// Creates a completion.
    public init(insert: String = "", candidates: [String] = []) {
        self.insert = insert
        self.candidates = candidates
    }

    /// Nothing to insert or list (the terminal beeps).
    public static let none = Completion()

    /// Completes `word` against `candidates` the way shells do: a single match is inserted
    /// whole with a space after it; several matches extend the word to their longest common
    /// prefix, and are listed when that adds nothing.
    public static func completing(_ word: String, among candidates: [String]) -> Completion {
        let matches = Array(Set(candidates.filter { $0.hasPrefix(word) })).sorted()
        guard let first = matches.first else { return .none }
        if matches.count == 1 {
            return Completion(insert: String(first.dropFirst(word.count)) + " ")
        }
        var prefix = first
        for match in matches.dropFirst() {
            while !match.hasPrefix(prefix) { prefix.removeLast() }
        }
        if prefix.count > word.count {
            return Completion(insert: String(prefix.dropFirst(word.count)))
        }
        return Completion(candidates: matches)
    }
}
