import Foundation
import FlowShellKit
import FlowShellRuntime

/// A command as an agent sees it: the JSON Schema of its arguments (each named as the
/// command's usage names it; values offered now → `enum`, a number's suggested values →
/// `examples` beside its range, a flag → a boolean), and the typed
/// line its arguments make, which the session then runs as it would a person's.
enum CommandSchema {
    /// The JSON Schema of `command`'s arguments, as `run` takes them.
    static func of(_ command: CommandDescription) -> JSONValue {
        var properties: [String: JSONValue] = [:]
        var required: [JSONValue] = []
        for argument in command.arguments {
            var schema: [String: JSONValue] = [:]
            switch argument.kind {
            case .flag:
                schema["type"] = "boolean"
            case .positional, .option:
                schema["type"] = "string"
                let values = JSONValue.array(argument.values.map(JSONValue.string))
                if let range = argument.range {
                    // Its values are suggestions: a validating client must not refuse another number.
                    schema["pattern"] = "^-?[0-9]+$"
                    schema["description"] = .string("a whole number from \(range.lowerBound) to \(range.upperBound)")
                    if !argument.values.isEmpty { schema["examples"] = values }
                } else if !argument.values.isEmpty {
                    schema["enum"] = values
                }
            }
            properties[argument.name] = .object(schema)
            if !argument.isOptional, argument.kind != .flag { required.append(.string(argument.name)) }
        }
        var schema: [String: JSONValue] = ["type": "object", "properties": .object(properties)]
        if !required.isEmpty { schema["required"] = .array(required) }
        return .object(schema)
    }

    /// Why typed arguments do not make a line, in the agent's words.
    struct Mismatch: Error, Equatable {
        let message: String
    }

    /// The line `command` with `arguments` is typed as: positionals in order, then options and
    /// flags; each value quoted so that the session reads it back as one word.
    static func line(_ command: CommandDescription, arguments: [String: JSONValue]) throws(Mismatch) -> String {
        let known = Set(command.arguments.map(\.name))
        if let unknown = arguments.keys.sorted().first(where: { !known.contains($0) }) {
            let takes = command.arguments.isEmpty ? "no arguments" : command.arguments.map(\.name).joined(separator: ", ")
            throw Mismatch(message: "\(command.name) has no argument \(unknown) (it takes \(takes); usage: \(command.usage))")
        }
        var words = [command.name]
        var skipped: String?
        for argument in command.arguments where argument.kind == .positional {
            guard let value = arguments[argument.name], value != .null else {
                if !argument.isOptional {
                    throw Mismatch(message: "\(command.name) needs \(argument.name) (usage: \(command.usage))")
                }
                skipped = skipped ?? argument.name
                continue
            }
            if let skipped {
                throw Mismatch(message: "\(command.name) takes \(argument.name) only after \(skipped) (usage: \(command.usage))")
            }
            words.append(quoted(try text(of: value, for: argument, in: command)))
        }
        for argument in command.arguments where argument.kind != .positional {
            guard let value = arguments[argument.name], value != .null else { continue }
            if argument.kind == .flag {
                guard case .bool(let on) = value else {
                    throw Mismatch(message: "\(argument.name) of \(command.name) is true or false")
                }
                if on { words.append("--\(argument.name)") }
            } else {
                words.append("--\(argument.name)")
                words.append(quoted(try text(of: value, for: argument, in: command)))
            }
        }
        return words.joined(separator: " ")
    }

    private static func text(
        of value: JSONValue, for argument: ArgumentDescription, in command: CommandDescription
    ) throws(Mismatch)
        -> String
    {
        switch value {
        case .string(let text): return text
        case .number(let number): return number.rounded() == number && abs(number) < 1e15 ? String(Int64(number)) : String(number)
        case .bool(let on): return on ? "true" : "false"
        default: throw Mismatch(message: "\(argument.name) of \(command.name) is a string")
        }
    }

    /// `word` as one word of a line: as it is when it is plain, else in single quotes (a quote
    /// in it closed, escaped and reopened), so that no operator or comment in it is read.
    static func quoted(_ word: String) -> String {
        let plain =
            !word.isEmpty
            && word.utf8.allSatisfy { byte in
                (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
                    || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || "-_.,:@+=/".utf8.contains(byte)
            }
        if plain { return word }
        return "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
