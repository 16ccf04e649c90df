import FlowCoordinator
import FlowManifest
import FlowShellKit
import FlowShellRuntime
import Foundation

/// `--output json`: one JSON object per line for each screen update and each answer on stdout,
/// errors and warnings as JSON lines on stderr. Every line has `"v": 1` and a `"type"`.
@MainActor
package final class JSONLinesOutput: ShellOutput {
    /// The version of the shape; it changes only when a field changes meaning or goes away.
    nonisolated static let version = 1

    private let console: Console
    private let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }()

    package init(console: Console) {
        self.console = console
    }

    private struct Line<Body: Encodable>: Encodable {
        let v = JSONLinesOutput.version
        let type: String
        let body: Body

        func encode(to encoder: any Encoder) throws {
            try body.encode(to: encoder)
            var container = encoder.container(keyedBy: Keys.self)
            try container.encode(v, forKey: .v)
            try container.encode(type, forKey: .type)
        }

        enum Keys: String, CodingKey { case v, type }
    }

    private func emit<Body: Encodable>(_ type: String, _ body: Body, toError: Bool = false) {
        guard let data = try? encoder.encode(Line(type: type, body: body)) else { return }
        let text = String(decoding: data, as: UTF8.self) + "\n"
        if toError { console.writeError(text) } else { console.write(text) }
    }

    /// A screen line: the screen's ViewProperties, exactly as encoded, with its id and the stack.
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

    package func screen(_ screen: ScreenSnapshot) {
        emit("screen", ScreenBody(snapshot: screen))
    }

    private struct MessageBody: Encodable {
        let style: String
        let message: String
    }

    package func notice(_ notice: Notice) {
        let type: String
        switch notice.style {
        case .error: type = "error"
        case .warning: type = "warning"
        case .success, .info, .muted: type = "message"
        }
        emit(type, MessageBody(style: notice.style.rawValue, message: notice.text), toError: type != "message")
    }

    package func help(_ listing: HelpListing) {
        emit("help", listing)
    }

    package func usage(_ usage: CommandUsage) {
        emit("usage", usage)
    }

    private struct StackBody: Encodable {
        let stack: [StackEntry]
    }

    package func stack(_ entries: [StackEntry]) {
        emit("stack", StackBody(stack: entries))
    }

    private struct TextBody: Encodable {
        let lines: [String]
    }

    package func text(_ lines: [String]) {
        emit("text", TextBody(lines: lines))
    }

    package func progress(_ running: Bool) {}
    package func lineCancelled() {}
    package func endOfInput() {}
    package func flush() { console.flush() }
}
