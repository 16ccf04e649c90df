import FlowShellRuntime

/// The tools an agent is offered: a fixed list, the same bytes for every session and every
/// connection (the 2026-07-28 revision forbids a list that depends on them). What an agent may
/// do on a screen it learns from the screen — its commands, each with the schema of its
/// arguments — not from the list.
enum AgentTools {
    static let handle: JSONValue = [
        "type": "string",
        "description": "The session's handle, which open returned.",
    ]

    /// What a screen answer carries (`open`, `screen`, `run`, `run_line`).
    static let screenOutput: JSONValue = [
        "type": "object",
        "properties": [
            "handle": ["type": "string"],
            "screen": ["type": "string", "description": "The screen's id."],
            "view": [
                "type": "object",
                "description":
                    "What the screen shows: its ViewProperties (title, components, status; view-properties.schema.json), its commands each with the JSON Schema of the arguments run takes, and an effect when the command changes (changes) or takes back (destroys) what the app keeps.",
            ],
            "said": [
                "type": "array",
                "description": "What the session said: errors, warnings, messages and text, in order.",
                "items": ["type": "object", "properties": ["kind": ["type": "string"], "text": ["type": "string"]]],
            ],
            "failed": ["type": "boolean", "description": "Whether the line failed or was refused."],
            "ended": ["type": "boolean", "description": "Whether the session ended (quit)."],
            "globalCommands": [
                "type": "array", "description": "The commands every screen offers (open's answer only).",
            ],
        ],
        "required": ["handle", "screen", "view", "failed"],
    ]

    /// The tools, in the order they are listed.
    static let list: JSONValue = [
        tool(
            "open",
            "Open a new session of the app, at its first screen or at a deep link (such as /cars/rio). Returns the session's handle, which every other tool takes, and the screen.",
            properties: ["link": ["type": "string", "description": "A deep link of the app's config, such as /bookings."]],
            required: [], readOnly: false, output: screenOutput),
        tool(
            "screen", "The screen the session shows now, with the commands it offers and their arguments.",
            properties: ["handle": handle], required: ["handle"], readOnly: true, output: screenOutput),
        tool(
            "run",
            "Run a command the screen offers now (or a global one such as back or help), with its arguments as the screen's schema for it names them. The session answers as it would a person: a command not offered is refused, a guard may open another screen first (signing in).",
            properties: [
                "handle": handle,
                "command": ["type": "string", "description": "The command's name."],
                "arguments": ["type": "object", "description": "The command's arguments by name, as its inputSchema on the screen says."],
            ],
            required: ["handle", "command"], readOnly: false, output: screenOutput),
        tool(
            "run_line", "Run a line as a person types it at the app's prompt (select rio, book, back).",
            properties: ["handle": handle, "line": ["type": "string", "description": "The line, as typed."]],
            required: ["handle", "line"], readOnly: false, output: screenOutput),
        tool(
            "complete", "What Tab offers after the text typed so far: the candidates, each with what it is.",
            properties: ["handle": handle, "text": ["type": "string", "description": "The line typed so far, up to the cursor."]],
            required: ["handle", "text"], readOnly: true,
            output: [
                "type": "object",
                "properties": [
                    "insert": ["type": "string"], "deleting": ["type": "integer"],
                    "candidates": ["type": "array", "items": ["type": "string"]], "descriptions": ["type": "object"],
                ],
            ]),
        tool(
            "close", "Close the session: its handle no longer works.",
            properties: ["handle": handle], required: ["handle"], readOnly: false,
            output: ["type": "object", "properties": ["handle": ["type": "string"], "closed": ["type": "boolean"]]]),
    ]

    /// The names of the tools.
    static let names: Set<String> = ["open", "screen", "run", "run_line", "complete", "close"]

    private static func tool(
        _ name: String, _ description: String, properties: [String: JSONValue], required: [JSONValue], readOnly: Bool,
        output: JSONValue
    ) -> JSONValue {
        var input: [String: JSONValue] = ["type": "object", "properties": .object(properties)]
        if !required.isEmpty { input["required"] = .array(required) }
        return [
            "name": .string(name),
            "description": .string(description),
            "inputSchema": .object(input),
            "outputSchema": output,
            "annotations": ["readOnlyHint": .bool(readOnly), "openWorldHint": false],
        ]
    }
}
