import FlowShellKit
import FlowShellRuntime

/// A tool call's answer (a CallToolResult): the screen as structured content — its
/// ViewProperties, each command with the JSON Schema of its arguments — and, for models that
/// read text, what the session said and the screen as the terminal shows it.
enum AgentAnswer {
    /// The answer showing `screen` after `said`; an error result when the line failed.
    static func screen(
        handle: String, screen: (id: String, properties: ViewProperties)?, said: [AgentView.Said], failed: Bool, ended: Bool,
        globalCommands: [CommandDescription]? = nil, text screenText: (ViewProperties) -> String
    ) -> JSONValue {
        var structured: [String: JSONValue] = [
            "handle": .string(handle), "screen": .string(screen?.id ?? ""), "failed": .bool(failed),
        ]
        // The commands as the agent reads them, not as encoded (which is most of a screen's JSON).
        var properties = screen?.properties ?? ViewProperties(title: "")
        properties.commands = []
        var view = JSONValue(encoding: properties)?.object ?? [:]
        view["commands"] = .array((screen?.properties.commands ?? []).map(command))
        structured["view"] = .object(view)
        if !said.isEmpty {
            structured["said"] = .array(said.map { ["kind": .string($0.kind), "text": .string($0.text)] })
        }
        if ended { structured["ended"] = true }
        if let globalCommands {
            structured["globalCommands"] = .array(globalCommands.map { ["name": .string($0.name), "usage": .string($0.usage)] })
        }
        var lines = said.map { $0.kind == "text" ? $0.text : "\($0.kind): \($0.text)" }
        if ended {
            lines.append("The session has ended.")
        } else if let properties = screen?.properties {
            lines.append(screenText(properties))
        }
        return result(text: lines.joined(separator: "\n"), structured: .object(structured), isError: failed)
    }

    /// One command as the agent reads it: its name, what it does, the schema of `run`'s
    /// arguments for it when it takes any, and what it does to what the app keeps when its
    /// screen declares it (`effect`: the command's read-only and destructive hints).
    static func command(_ command: CommandDescription) -> JSONValue {
        var entry: [String: JSONValue] = ["name": .string(command.name), "summary": .string(command.summary)]
        if !command.arguments.isEmpty { entry["inputSchema"] = CommandSchema.of(command) }
        if command.isPrimary { entry["primary"] = true }
        if let effect = command.effect { entry["effect"] = .string(effect.rawValue) }
        return .object(entry)
    }

    /// A CallToolResult of `text` and `structured` content.
    static func result(text: String, structured: JSONValue, isError: Bool) -> JSONValue {
        [
            "content": [["type": "text", "text": .string(text)]],
            "structuredContent": structured,
            "isError": .bool(isError),
        ]
    }
}
