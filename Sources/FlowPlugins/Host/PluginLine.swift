import FlowPluginProtocol
import Foundation

/// One line a plugin wrote, classified: its hello, a response (with the request's id and the
/// line to decode further), another protocol message, or a stray line (not a JSON object with
/// a `type`), which is logged and skipped.
enum PluginLine {
    case hello(PluginMessage.Hello)
    case response(Int, Data)
    /// An `update` of a screen instance (protocol 1.1), with the line to decode further.
    case update(instance: Int, Data)
    case other
    case stray
    /// Nested deeper than ``PluginProtocol/maximumDepth``: not read at all.
    case tooDeep

    /// What the shell says of a plugin that sent a line nested too deep.
    static let tooDeepReason =
        "sent a line nested deeper than \(PluginProtocol.maximumDepth) levels, the protocol's limit, so it was stopped"

    init(_ line: [UInt8]) {
        if Self.exceedsDepth(line) {
            self = .tooDeep
            return
        }
        guard line.first == UInt8(ascii: "{") else {
            self = .stray
            return
        }
        // Read by hand: JSONDecoder would index the whole line (a large view) to find three keys.
        let scanned = line.withUnsafeBytes { bytes in
            var reader = PluginJSONReader(bytes: bytes)
            return reader.envelope()
        }
        let data = Data(line)
        let envelope: (type: String, id: Int?, instance: Int?)
        if let scanned {
            envelope = scanned
        } else if let decoded = try? JSONDecoder().decode(PluginMessage.Envelope.self, from: data) {
            envelope = (decoded.type, decoded.id, decoded.instance)
        } else {
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
        case "update":
            if let instance = envelope.instance { self = .update(instance: instance, data) } else { self = .stray }
        default:
            self = .other
        }
    }

    /// The screen instance of an `update` that carries no events (only a view), or nil for any
    /// other line: such an update may give way to a newer one of the same instance unread,
    /// while a line this cannot tell apart is kept. Read by hand, without decoding the view.
    static func eventlessUpdateInstance(_ line: [UInt8]) -> Int? {
        guard line.first == UInt8(ascii: "{") else { return nil }
        let instance = line.withUnsafeBytes { bytes in
            var reader = PluginJSONReader(bytes: bytes)
            return reader.eventlessUpdateInstance()
        }
        // One nested too deep must reach the supervisor, which stops the plugin for it.
        guard let instance, !exceedsDepth(line) else { return nil }
        return instance
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
            return
                "speaks \(PluginProtocol.name) \(version); this shell speaks \(PluginProtocol.version.major).x (\(PluginProtocol.version)) — use a plugin or a shell of the same major version"
        }
        return nil
    }

    /// The start of a line, for a log note.
    static func excerpt(_ line: [UInt8]) -> String {
        let text = String(decoding: line.prefix(200), as: UTF8.self)
        return line.count > 200 ? text + "…" : text
    }

    /// Whether `line` nests arrays and objects deeper than the protocol allows (brackets in
    /// strings do not count), found in one pass over its bytes before any decoding.
    static func exceedsDepth(_ line: [UInt8]) -> Bool {
        var depth = 0
        var inString = false
        var escaped = false
        for byte in line {
            if inString {
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""): inString = true
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                depth += 1
                if depth > PluginProtocol.maximumDepth { return true }
            case UInt8(ascii: "]"), UInt8(ascii: "}"): depth -= 1
            default: break
            }
        }
        return false
    }

    /// A decoding error in the answer `data`: what was wrong and where, in the user's words
    /// (``AnswerProblem``) — or that the line is not UTF-8, which the decoder reports only as
    /// "not valid JSON".
    static func describe(_ error: any Error, in data: Data) -> String {
        if let offset = firstInvalidUTF8(in: data) {
            return "the line is not valid UTF-8 (at byte \(offset + 1))"
        }
        return AnswerProblem.describe(error, in: data)
    }

    /// Where the first byte that is not part of valid UTF-8 is, or nil when all of it is valid.
    static func firstInvalidUTF8(in data: Data) -> Int? {
        var bytes = data.makeIterator()
        var parser = Unicode.UTF8.ForwardParser()
        var offset = 0
        while true {
            switch parser.parseScalar(from: &bytes) {
            case .valid(let encoded): offset += encoded.count
            case .emptyInput: return nil
            case .error: return offset
            }
        }
    }
}
