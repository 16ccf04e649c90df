import Foundation

/// What a page may send, one JSON object per WebSocket text message: `{"type": "run", "line":
/// "book", "id": 7}` runs a line as if typed at the prompt; the answer ends with a `done`
/// message carrying the same `id`. Anything else is refused, and ends the session.
struct ClientMessage: Equatable, Sendable {
    /// The longest line accepted, in bytes: longer than any command a person types.
    static let maximumLineLength = 4096
    /// The largest `id` accepted: what a page's number keeps exactly.
    static let maximumID = 1 << 53

    /// The line to run.
    let line: String
    /// The page's number for it, echoed in `done`.
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
        guard wire.type == "run" else { throw Refusal(reason: "unknown message type '\(wire.type.prefix(40))'") }
        guard let line = wire.line else { throw Refusal(reason: "a run message has no line") }
        guard line.utf8.count <= maximumLineLength else {
            throw Refusal(reason: "the line is longer than \(maximumLineLength) bytes")
        }
        // Control characters cannot be typed at the prompt either; a line is one line.
        guard !line.unicodeScalars.contains(where: { $0.properties.generalCategory == .control && $0 != "\t" }) else {
            throw Refusal(reason: "the line holds control characters")
        }
        let id = wire.id ?? 0
        guard (0...maximumID).contains(id) else { throw Refusal(reason: "the id is out of range") }
        return ClientMessage(line: line, id: id)
    }
}
