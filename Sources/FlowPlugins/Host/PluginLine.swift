import FlowPluginProtocol
import Foundation

/// One line a plugin wrote, classified: its hello, a response (with the request's id and the
/// line to decode further), another protocol message, or a stray line (not a JSON object with
/// a `type`), which is logged and skipped.
enum PluginLine {
    case hello(PluginMessage.Hello)
    case response(Int, Data)
    case other
    case stray

    init(_ line: [UInt8]) {
        let data = Data(line)
        guard line.first == UInt8(ascii: "{"), let envelope = try? JSONDecoder().decode(PluginMessage.Envelope.self, from: data) else {
            self = .stray
            return
        }
        switch envelope.type {
        case "hello":
            if let hello = try? JSONDecoder().decode(PluginMessage.Hello.self, from: data) {
                self = .hello(hello)
            } else {
                self = .stray
            }
        case "response":
            if let id = envelope.id { self = .response(id, data) } else { self = .stray }
        default:
            self = .other
        }
    }

    /// Why the shell will not talk to a plugin that said `hello`, or nil when it will.
    static func refusal(of hello: PluginMessage.Hello) -> String? {
        guard hello.protocol == PluginProtocol.name else {
            return "speaks '\(hello.protocol)', not '\(PluginProtocol.name)'"
        }
        guard let version = SemanticVersion(hello.version) else {
            return "says its protocol version is '\(hello.version)', which is not MAJOR.MINOR.PATCH"
        }
        guard version.major == PluginProtocol.version.major else {
            return "speaks \(PluginProtocol.name) \(version); this shell speaks \(PluginProtocol.version.major).x (\(PluginProtocol.version)) — use a plugin or a shell of the same major version"
        }
        return nil
    }

    /// The start of a line, for a log note.
    static func excerpt(_ line: [UInt8]) -> String {
        let text = String(decoding: line.prefix(200), as: UTF8.self)
        return line.count > 200 ? text + "…" : text
    }

    /// A decoding error in one line: what was wrong and where.
    static func describe(_ error: any Error) -> String {
        guard let error = error as? DecodingError else { return String(describing: error) }
        func path(_ context: DecodingError.Context) -> String {
            let keys = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
            return keys.isEmpty ? "" : " at \(keys.hasPrefix(".") ? String(keys.dropFirst()) : keys)"
        }
        switch error {
        case .keyNotFound(let key, let context): return "missing '\(key.stringValue)'\(path(context))"
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context):
            return "\(context.debugDescription)\(path(context))"
        @unknown default: return String(describing: error)
        }
    }
}
