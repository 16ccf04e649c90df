import FlowShellKit

/// A module as a plugin declares it in answer to `screens`: its name, its screens, the link
/// parameters it looks up and the conditions it tells.
public struct ModuleDeclaration: Codable, Sendable, Equatable {
    /// The module's name, as the config's `plugins[].module` names it.
    public var name: String
    /// Its screens.
    public var screens: [ScreenDeclaration]
    /// The link parameters it looks up (`resolve`).
    public var resolvers: [ResolverDeclaration]
    /// The conditions guards may name, which it tells (`condition`, protocol 1.2).
    public var conditions: [ConditionDeclaration]

    /// The module `name` with its `screens`, and the link parameters and conditions it answers for
    /// (none by default).
    public init(
        name: String, screens: [ScreenDeclaration], resolvers: [ResolverDeclaration] = [],
        conditions: [ConditionDeclaration] = []
    ) {
        self.name = name
        self.screens = screens
        self.resolvers = resolvers
        self.conditions = conditions
    }

    private enum CodingKeys: String, CodingKey { case name, screens, resolvers, conditions }

    /// Decodes a module; `resolvers` and `conditions` may be absent.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try container.decode(String.self, forKey: .name)
        screens = try container.decode([ScreenDeclaration].self, forKey: .screens)
        resolvers = try container.decodeIfPresent([ResolverDeclaration].self, forKey: .resolvers) ?? []
        conditions = try container.decodeIfPresent([ConditionDeclaration].self, forKey: .conditions) ?? []
    }

    /// Encodes a module; `conditions` only when there are some, so a module without any reads
    /// as it did before protocol 1.2.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
        try container.encode(screens, forKey: .screens)
        try container.encode(resolvers, forKey: .resolvers)
        if !conditions.isEmpty { try container.encode(conditions, forKey: .conditions) }
    }

    /// What is wrong with the declaration, if anything, in one line.
    public var problem: String? {
        if let screen = screens.lazy.compactMap(\.problem).first { return screen }
        if conditions.contains(where: { $0.name.isEmpty }) { return "module '\(name)' declares a condition with no name" }
        let names = conditions.map(\.name)
        if let twice = names.first(where: { name in names.filter { $0 == name }.count > 1 }) {
            return "module '\(name)' declares the condition '\(twice)' twice"
        }
        return nil
    }
}

/// A condition a plugin tells, for guards: what a linked module's ``ConditionRegistration``
/// holds, as data. The shell asks the plugin whether it holds (`condition`) when a guard needs
/// it, within the plugin's deadline.
public struct ConditionDeclaration: Codable, Sendable, Equatable {
    /// The name manifests use in `requires` and `guards` (`unlocked`).
    public var name: String
    /// What the condition is called for people, as in "the unlock code is needed first".
    public var summary: String

    /// The condition `name`, with `summary` saying it in people's words.
    public init(name: String, summary: String = "") {
        self.name = name
        self.summary = summary
    }

    private enum CodingKeys: String, CodingKey { case name, summary }

    /// Decodes a condition; `summary` may be absent.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try container.decode(String.self, forKey: .name)
        summary = try container.decodeIfPresent(String.self, forKey: .summary) ?? ""
    }
}

/// A link parameter a plugin looks up: a link's `:parameter` becomes the input `produces`,
/// by asking the plugin (`resolve`), as a linked module's ``ParameterResolver`` does.
public struct ResolverDeclaration: Codable, Sendable, Equatable {
    /// The link parameter it reads (`plate`).
    public var parameter: String
    /// The input key it provides (`carID`).
    public var produces: String

    /// Looks up a link's `:parameter` as the input `produces`.
    public init(parameter: String, produces: String) {
        self.parameter = parameter
        self.produces = produces
    }
}

/// A screen as a plugin declares it: what a linked screen's ``FeatureRegistration`` holds,
/// as data — id, title, the input keys it needs, the events it emits with their payload keys,
/// and its commands with their arguments.
public struct ScreenDeclaration: Codable, Sendable, Equatable {
    /// An event and the keys its payload always carries.
    public struct EventDeclarationData: Codable, Sendable, Equatable {
        /// The event's name.
        public var name: String
        /// The keys its payload carries.
        public var payload: [String]
        /// What it means.
        public var summary: String

        /// The event `name`, whose payload always carries the keys `payload`, with `summary` for `help`.
        public init(name: String, payload: [String] = [], summary: String = "") {
            self.name = name
            self.payload = payload
            self.summary = summary
        }

        private enum CodingKeys: String, CodingKey { case name, payload, summary }

        /// Decodes a declaration; `payload` and `summary` may be absent.
        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            name = try container.decode(String.self, forKey: .name)
            payload = try container.decodeIfPresent([String].self, forKey: .payload) ?? []
            summary = try container.decodeIfPresent(String.self, forKey: .summary) ?? ""
        }
    }

    /// The screen's id (`weather.forecast`).
    public var id: String
    /// Its title.
    public var title: String
    /// The input keys it cannot be opened without.
    public var inputs: [String]
    /// The events it can emit.
    public var events: [EventDeclarationData]
    /// Its commands.
    public var commands: [CommandDescription]

    /// The screen `id` called `title`, opened with the `inputs` keys, emitting `events`, with its
    /// `commands`.
    public init(id: String, title: String, inputs: [String] = [], events: [EventDeclarationData] = [], commands: [CommandDescription] = [])
    {
        self.id = id
        self.title = title
        self.inputs = inputs
        self.events = events
        self.commands = commands
    }

    /// The declaration of a linked screen's registration and its first view's commands.
    public init(_ registration: FeatureRegistration, commands: [CommandDescription]) {
        self.init(
            id: registration.id, title: registration.title, inputs: registration.inputs,
            events: registration.events.map { EventDeclarationData(name: $0.name, payload: $0.payloadKeys, summary: $0.summary) },
            commands: commands)
    }

    private enum CodingKeys: String, CodingKey { case id, title, inputs, events, commands }

    /// Decodes a declaration; `inputs`, `events` and `commands` may be absent.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(String.self, forKey: .id)
        title = try container.decodeIfPresent(String.self, forKey: .title) ?? id
        inputs = try container.decodeIfPresent([String].self, forKey: .inputs) ?? []
        events = try container.decodeIfPresent([EventDeclarationData].self, forKey: .events) ?? []
        commands = try container.decodeIfPresent([CommandDescription].self, forKey: .commands) ?? []
    }

    /// The events as the kit declares them.
    public var eventDeclarations: [EventDeclaration] {
        events.map { EventDeclaration($0.name, payload: $0.payload, summary: $0.summary) }
    }

    /// What is wrong with the declaration, if anything, in one line.
    public var problem: String? {
        if id.isEmpty || !id.contains(".") { return "screen id '\(id)' must have the form 'module.screen'" }
        if let empty = commands.first(where: { $0.name.isEmpty }) {
            return "screen '\(id)' declares a command with no name (\(empty.summary))"
        }
        let names = events.map(\.name)
        if Set(names).count != names.count { return "screen '\(id)' declares an event twice" }
        return nil
    }
}
