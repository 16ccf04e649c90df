import FlowShellRuntime
import Foundation

/// What a page may send, one JSON object per WebSocket text message: `{"type": "run", "line":
/// "book", "id": 7}` runs a line as if typed at the prompt, and the answer ends with a `done`
/// message carrying the same `id`; `{"type": "complete", "line": "sel", "id": 8}` asks what Tab
/// offers for the text before the cursor, answered by a `completion` message with that `id`;
/// `{"type": "cancel", "id": 7}` cancels line 7, running or waiting to run (the terminal's
/// Ctrl-C). Anything else is refused, and ends the session.
struct ClientMessage: Equatable, Sendable {
    /// What the page asks for.
    enum Kind: String, Equatable, Sendable {
        /// Run the line.
        case run
        /// Complete the line, the text before the cursor.
        case complete
        /// Cancel the line with the message's `id`.
        case cancel
    }

    /// What the page asks for.
    let kind: Kind
    /// The longest line accepted, in bytes: longer than any command a person types.
    static let maximumLineLength = LineLengthBound.longestLine
    /// The largest `id` accepted: what a page's number keeps exactly.
    static let maximumID = 1 << 53

    /// The line to run or complete (empty for `cancel`).
    let line: String
    /// The page's number for it, echoed in `done`; for `cancel`, the number of the line to cancel.
    let id: Int

    /// Why a message was refused, in words the page shows.
    struct Refusal: Error, Equatable {
        let reason: String
    }

    private struct Wire: Decodable {
        let type: String
        let line: String?
        let id: Int?
    }

    /// Reads and checks a message's text.
    static func parse(_ text: String) throws(Refusal) -> ClientMessage {
        let wire: Wire
        do {
            wire = try JSONDecoder().decode(Wire.self, from: Data(text.utf8))
        } catch {
            throw Refusal(reason: "the message is not a JSON object of the page's kind")
        }
        guard let kind = Kind(rawValue: wire.type) else { throw Refusal(reason: "unknown message type '\(wire.type.prefix(40))'") }
        let line: String
        if kind == .cancel {
            guard wire.id != nil else { throw Refusal(reason: "a cancel message names no line's id") }
            line = ""
        } else {
            guard let given = wire.line else { throw Refusal(reason: "a \(kind.rawValue) message has no line") }
            line = given
        }
        guard line.utf8.count <= maximumLineLength else {
            throw Refusal(reason: "the line is longer than \(maximumLineLength) bytes")
        }
        // Control characters cannot be typed at the prompt either; a line is one line.
        guard !line.unicodeScalars.contains(where: { $0.properties.generalCategory == .control && $0 != "\t" }) else {
            throw Refusal(reason: "the line holds control characters")
        }
        let id = wire.id ?? 0
        guard (0...maximumID).contains(id) else { throw Refusal(reason: "the id is out of range") }
        return ClientMessage(kind: kind, line: line, id: id)
    }
}
