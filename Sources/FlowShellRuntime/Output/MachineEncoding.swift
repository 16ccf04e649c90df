import FlowCoordinator
import FlowShellKit
import Foundation

/// The machine interface's encoding of what the session pushes to a View: one JSON object per
/// message, each with `"v": 1` and a `"type"` — the lines of `--output json` and of a
/// recording, and the messages the browser's page reads. One encoding, whatever carries it.
public struct MachineEncoding {
    /// The version of the shape; it changes only when a field changes meaning or goes away.
    public static let version = 1

    private let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }()

    /// An encoder that writes each message as one line of JSON, its keys sorted.
    public init() {}

    private struct Message<Body: Encodable>: Encodable {
        let type: String
        let body: Body

        func encode(to encoder: any Encoder) throws {
            try body.encode(to: encoder)
            var container = encoder.container(keyedBy: Keys.self)
            try container.encode(MachineEncoding.version, forKey: .v)
            try container.encode(type, forKey: .type)
        }

        enum Keys: String, CodingKey { case v, type }
    }

    /// A message of `type` whose fields are `body`'s, or nil when `body` cannot be encoded.
    public func message<Body: Encodable>(_ type: String, _ body: Body) -> Data? {
        try? encoder.encode(Message(type: type, body: body))
    }

    /// A screen message: the screen's ViewProperties, exactly as encoded, with its id, what
    /// showed it, and the stack.
    public func screen(_ snapshot: ScreenSnapshot) -> Data? {
        message("screen", ScreenBody(snapshot: snapshot))
    }

    /// A notice as a message of type `error`, `warning` or `message`; `isError` says whether it
    /// belongs on stderr.
    public func notice(_ notice: Notice) -> (data: Data?, isError: Bool) {
        let type: String
        switch notice.style {
        case .error: type = "error"
        case .warning: type = "warning"
        case .success, .info, .muted: type = "message"
        }
        return (message(type, MessageBody(style: notice.style.rawValue, message: notice.text)), type != "message")
    }

    /// `help`'s listing.
    public func help(_ listing: HelpListing) -> Data? { message("help", listing) }

    /// One command's usage.
    public func usage(_ usage: CommandUsage) -> Data? { message("usage", usage) }

    /// `where`'s stack.
    public func stack(_ entries: [StackEntry]) -> Data? { message("stack", StackBody(stack: entries)) }

    /// Lines of plain text a command answered with.
    public func text(_ lines: [String]) -> Data? { message("text", TextBody(lines: lines)) }

    /// The end of the answer to line `id`, after everything the line showed: `failed` when it
    /// failed, was refused or was cancelled. A program that sends a line reads up to it, rather
    /// than waiting for silence (a browser's page, `--output json` over a pipe).
    public func done(id: Int, failed: Bool) -> Data? { message("done", DoneBody(id: id, failed: failed)) }

    private struct ScreenBody: Encodable {
        let snapshot: ScreenSnapshot

        enum Keys: String, CodingKey { case screen, cause, stack }

        func encode(to encoder: any Encoder) throws {
            try snapshot.properties.encode(to: encoder)
            var container = encoder.container(keyedBy: Keys.self)
            try container.encode(snapshot.featureID, forKey: .screen)
            try container.encode(snapshot.cause, forKey: .cause)
            try container.encode(snapshot.stack, forKey: .stack)
        }
    }

    private struct MessageBody: Encodable {
        let style: String
        let message: String
    }

    private struct StackBody: Encodable {
        let stack: [StackEntry]
    }

    private struct TextBody: Encodable {
        let lines: [String]
    }

    private struct DoneBody: Encodable {
        let id: Int
        let failed: Bool
    }
}
