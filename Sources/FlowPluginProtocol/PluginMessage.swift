import FlowShellKit

/// The messages of the plugin protocol, one JSON object per line, each with a `type`:
/// `hello` (both ways), `request` (shell → plugin, with an `id`), `response` (plugin → shell,
/// with the request's `id` and a `result` or an `error`) and `cancel` (shell → plugin, naming a
/// request's `id`).
public enum PluginMessage {
    /// `{"type": "hello", "protocol": "flowshell-plugin", "version": "1.0.0", "features": [...]}`.
    public struct Hello: Codable, Sendable, Equatable {
        /// Always `hello`.
        public var type = "hello"
        /// The protocol's name.
        public var `protocol`: String
        /// The version spoken, `MAJOR.MINOR.PATCH`.
        public var version: String
        /// Optional parts understood (`cancel`).
        public var features: [String]

        /// This side's hello.
        public static var current: Hello {
            Hello(protocol: PluginProtocol.name, version: PluginProtocol.version.description, features: PluginProtocol.features)
        }

        /// The hello of a side that speaks `version` of `protocol` and understands `features`.
        public init(protocol: String, version: String, features: [String]) {
            self.protocol = `protocol`
            self.version = version
            self.features = features
        }

        private enum CodingKeys: String, CodingKey { case type, `protocol`, version, features }

        /// Decodes a hello; `features` may be absent.
        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            type = try container.decode(String.self, forKey: .type)
            `protocol` = try container.decode(String.self, forKey: .protocol)
            version = try container.decode(String.self, forKey: .version)
            features = try container.decodeIfPresent([String].self, forKey: .features) ?? []
        }
    }

    /// `{"type": "request", "id": 3, "method": "command", "params": {...}}`.
    public struct Request<Params: Codable & Sendable>: Codable, Sendable {
        /// Always `request`.
        public var type = "request"
        /// Chosen by the shell, unique per plugin process; the response carries it back.
        public var id: Int
        /// `screens`, `open`, `command` or `close`.
        public var method: String
        /// The method's parameters.
        public var params: Params

        /// Request `id` of `method`, with its parameters.
        public init(id: Int, method: String, params: Params) {
            self.id = id
            self.method = method
            self.params = params
        }
    }

    /// `{"type": "cancel", "id": 3}`: stop working on request 3 and answer it (with the error code `cancelled`).
    public struct Cancel: Codable, Sendable {
        /// Always `cancel`.
        public var type = "cancel"
        /// The request to stop.
        public var id: Int

        /// A cancel of request `id`.
        public init(id: Int) {
            self.id = id
        }
    }

    /// What any line is, read first: its type and id.
    public struct Envelope: Decodable, Sendable {
        /// The message's type.
        public var type: String
        /// The request it answers, for a response (or names, for a request or cancel).
        public var id: Int?
        /// The screen instance, for an update.
        public var instance: Int?
    }

    /// `{"type": "response", "id": 3, "result": {...}}` or `{"type": "response", "id": 3, "error": {...}}`.
    public struct Response<Result: Codable & Sendable>: Codable, Sendable {
        /// Always `response`.
        public var type = "response"
        /// The request answered.
        public var id: Int
        /// What the request produced.
        public var result: Result?
        /// Why it failed.
        public var error: Failure?

        /// The answer to request `id`: its `result`, or the `error` it failed with.
        public init(id: Int, result: Result? = nil, error: Failure? = nil) {
            self.id = id
            self.result = result
            self.error = error
        }
    }

    /// Why a request failed: a message for the user, and a code for the shell.
    public struct Failure: Codable, Sendable, Equatable {
        /// The codes with a meaning for the shell.
        public enum Code {
            /// The screen has no such command.
            public static let unknownCommand = "unknownCommand"
            /// The request was cancelled.
            public static let cancelled = "cancelled"
        }

        /// One line, in the user's words.
        public var message: String
        /// `unknownCommand`, `cancelled`, or absent.
        public var code: String?

        /// A failure saying `message` to the user, with a `code` when the shell should act on it
        /// (``Code``).
        public init(message: String, code: String? = nil) {
            self.message = message
            self.code = code
        }
    }

    // MARK: - Parameters and results

    /// The parameters of `screens`: none.
    public struct NoParameters: Codable, Sendable, Equatable {
        /// The empty parameters, written `{}`.
        public init() {}
    }

    /// The result of `screens`: the plugin's modules.
    public struct ScreensResult: Codable, Sendable, Equatable {
        /// The modules the plugin provides.
        public var modules: [ModuleDeclaration]

        /// The answer listing the plugin's `modules`.
        public init(modules: [ModuleDeclaration]) {
            self.modules = modules
        }
    }

    /// The parameters of `open`: which screen, the instance number the shell gives it, its input.
    public struct OpenParameters: Codable, Sendable, Equatable {
        /// The instance number: later requests about this screen name it.
        public var instance: Int
        /// The screen's id.
        public var screen: String
        /// Its input, by key.
        public var input: [String: String]

        /// Opens `screen` as instance number `instance`, with its `input` values by key.
        public init(instance: Int, screen: String, input: [String: String]) {
            self.instance = instance
            self.screen = screen
            self.input = input
        }
    }

    /// The parameters of `command`: the instance, the command's name and the words typed after it.
    public struct CommandParameters: Codable, Sendable, Equatable {
        /// The screen instance.
        public var instance: Int
        /// The command's name.
        public var command: String
        /// The words after it, as the shell split them.
        public var arguments: [String]

        /// Runs `command` on instance `instance` with the words typed after it.
        public init(instance: Int, command: String, arguments: [String]) {
            self.instance = instance
            self.command = command
            self.arguments = arguments
        }
    }

    /// A screen instance's new look, sent by the plugin whenever it changes by itself
    /// (protocol 1.1): `{"type": "update", "instance": 3, "view": {...}, "events": [...]}`.
    public struct Update: Codable, Sendable, Equatable {
        /// Always `update`.
        public var type = "update"
        /// The open screen instance it is about.
        public var instance: Int
        /// Its view now, if it changed.
        public var view: ViewProperties?
        /// Events it emitted, routed by the flow as a command's.
        public var events: [Event]

        /// An update of instance `instance`: its new `view` (nil: unchanged) and the `events` it emitted.
        public init(instance: Int, view: ViewProperties?, events: [Event] = []) {
            self.instance = instance
            self.view = view
            self.events = events
        }

        private enum CodingKeys: String, CodingKey { case type, instance, view, events }

        /// Decodes an update; `view` and `events` may be absent.
        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            instance = try container.decode(Int.self, forKey: .instance)
            view = try container.decodeIfPresent(ViewProperties.self, forKey: .view)
            events = try container.decodeIfPresent([Event].self, forKey: .events) ?? []
        }
    }

    /// `appear` (protocol 1.1, to a plugin that lists `appear` in its hello's features): the
    /// screen instance is shown again because the screen above it closed; the answer is a
    /// ``ScreenAnswer`` with its new view.
    public typealias AppearParameters = CloseParameters

    /// The parameters of `close`: the instance the shell no longer shows.
    public struct CloseParameters: Codable, Sendable, Equatable {
        /// The screen instance.
        public var instance: Int

        /// Names instance `instance`.
        public init(instance: Int) {
            self.instance = instance
        }
    }

    /// The parameters of `resolve`: a link parameter's name and the value in the link.
    public struct ResolveParameters: Codable, Sendable, Equatable {
        /// The parameter (`plate`).
        public var parameter: String
        /// Its value in the link (`A123BC`).
        public var value: String

        /// Asks what `value`, written in a link for `parameter`, stands for.
        public init(parameter: String, value: String) {
            self.parameter = parameter
            self.value = value
        }
    }

    /// The result of `resolve`: the input value it stands for.
    public struct ResolveResult: Codable, Sendable, Equatable {
        /// The value of the input the resolver produces (`rio`).
        public var value: String

        /// The answer that the link's value stands for the input value `value`.
        public init(value: String) {
            self.value = value
        }
    }

    /// The parameters of `condition` (protocol 1.2): which of the module's declared conditions
    /// the shell asks about.
    public struct ConditionParameters: Codable, Sendable, Equatable {
        /// The condition's name (`unlocked`).
        public var name: String

        /// Asks whether the condition `name` holds.
        public init(name: String) {
            self.name = name
        }
    }

    /// The result of `condition`: whether it holds now.
    public struct ConditionResult: Codable, Sendable, Equatable {
        /// Whether the condition holds.
        public var satisfied: Bool

        /// The answer whether the condition holds now.
        public init(satisfied: Bool) {
            self.satisfied = satisfied
        }
    }

    /// The result of `open` and `command`: what the screen shows now (the `--output json`
    /// ViewProperties encoding; absent: unchanged) and the events it emitted.
    public struct ScreenAnswer: Codable, Sendable, Equatable {
        /// The screen's view.
        public var view: ViewProperties?
        /// The events emitted, in order.
        public var events: [Event]

        /// What the screen shows now (`view`, nil: unchanged) and the `events` it emitted, in order.
        public init(view: ViewProperties?, events: [Event] = []) {
            self.view = view
            self.events = events
        }

        private enum CodingKeys: String, CodingKey { case view, events }

        /// Decodes an answer; `events` may be absent.
        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            view = try container.decodeIfPresent(ViewProperties.self, forKey: .view)
            events = try container.decodeIfPresent([Event].self, forKey: .events) ?? []
        }
    }

    /// An event a screen emitted: `{"name": "selected", "payload": {"carID": "rio"}}`.
    public struct Event: Codable, Sendable, Equatable {
        /// The event's name.
        public var name: String
        /// Its payload.
        public var payload: [String: String]

        /// The event `name` with its `payload` values by key (none by default).
        public init(name: String, payload: [String: String] = [:]) {
            self.name = name
            self.payload = payload
        }

        private enum CodingKeys: String, CodingKey { case name, payload }

        /// Decodes an event; `payload` may be absent.
        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            name = try container.decode(String.self, forKey: .name)
            payload = try container.decodeIfPresent([String: String].self, forKey: .payload) ?? [:]
        }
    }
}
