/// A command as a screen shows it: plain data for `help`, completion, `--output json` and
/// another process. Derived from the command's declaration and the screen's state.
public struct CommandDescription: Codable, Equatable, Sendable {
    /// The word the user types.
    public var name: String
    /// One line for `help`.
    public var summary: String
    /// The arguments, positional ones first in order, then options and flags.
    public var arguments: [ArgumentDescription]
    /// The events it emits, when it says (empty: it does not say).
    public var emits: [String]
    /// Whether it is what the screen is for (`confirm` on a booking, `book` on a car): a View
    /// that shows commands as buttons shows it first and stronger.
    public var isPrimary: Bool
    /// What it does to what the app keeps, when its screen declares it (nil: it only looks or
    /// moves between screens).
    public var effect: CommandEffect?

    /// A command as plain data. The kit describes a ``Screen``'s commands from their
    /// ``ScreenCommand`` declarations; this is for commands described at run time (a plugin's).
    public init(
        name: String, summary: String, arguments: [ArgumentDescription] = [], emits: [String] = [], primary: Bool = false,
        effect: CommandEffect? = nil
    ) {
        self.name = name
        self.summary = summary
        self.arguments = arguments
        self.emits = emits
        self.isPrimary = primary
        self.effect = effect
    }

    /// The usage line: the name followed by each argument (`book CAR-ID [HOURS] [--from TIME]`).
    public var usage: String {
        ([name] + arguments.map(\.usageToken)).joined(separator: " ")
    }

    private enum CodingKeys: String, CodingKey {
        case name, summary, arguments, usage, emits, primary, effect
    }

    /// Decodes the JSON form (`usage` is derived, so it is not read).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try container.decode(String.self, forKey: .name)
        summary = try container.decodeIfPresent(String.self, forKey: .summary) ?? ""
        arguments = try container.decodeIfPresent([ArgumentDescription].self, forKey: .arguments) ?? []
        emits = try container.decodeIfPresent([String].self, forKey: .emits) ?? []
        isPrimary = try container.decodeIfPresent(Bool.self, forKey: .primary) ?? false
        effect = try container.decodeIfPresent(CommandEffect.self, forKey: .effect)
    }

    /// Encodes the JSON form, with the usage line for readers that show it as is.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
        try container.encode(usage, forKey: .usage)
        try container.encode(summary, forKey: .summary)
        try container.encode(arguments, forKey: .arguments)
        if !emits.isEmpty { try container.encode(emits, forKey: .emits) }
        if isPrimary { try container.encode(isPrimary, forKey: .primary) }
        try container.encodeIfPresent(effect, forKey: .effect)
    }

    /// The argument an option or flag word names (`--hours`, or its short form `-h` when it
    /// has one), if any.
    package func option(named word: String) -> ArgumentDescription? {
        arguments.first { $0.kind != .positional && ("--\($0.name)" == word || $0.shortName.map { "-\($0)" } == word) }
    }

    /// The positional arguments, in order.
    package var positionals: [ArgumentDescription] {
        arguments.filter { $0.kind == .positional }
    }
}

/// One argument of a command, as plain data.
public struct ArgumentDescription: Codable, Equatable, Sendable {
    /// How the argument is typed.
    public enum Kind: String, Codable, Sendable {
        /// A word in its place (`select rio`).
        case positional
        /// `--name VALUE`.
        case option
        /// `--name`, on or off.
        case flag
    }

    /// The name shown in usage: `CAR-ID` for a positional, `hours` for `--hours`.
    public var name: String
    /// How it is typed.
    public var kind: Kind
    /// Whether the command runs without it.
    public var isOptional: Bool
    /// Whether it takes the rest of the line, words joined by spaces (`filter Kia Rio`).
    public var takesRest: Bool
    /// The values Tab offers (empty: free text).
    public var values: [String]
    /// What each of ``values`` is, by value, where the declaration says: Tab lists it beside
    /// the value (a car's name beside its id).
    public var descriptions: [String: String]
    /// Whether the value is a file's path: Tab offers the files and folders there.
    public var isPath: Bool
    /// The name of an option's value in usage (`HOURS` in `--hours HOURS`).
    public var valueName: String?
    /// Whether ``values`` are the only values it takes, a short fixed list (an order, a
    /// unit): a View may offer them as a choice that runs the command once one is chosen.
    public var isChoice: Bool
    /// An option's or flag's one-letter form (`r` for `-r`), as cmd2's and POSIX commands
    /// have; usage shows it instead of the long one.
    public var shortName: String?
    /// The whole numbers it takes, when it takes a number: ``values`` are then only suggestions
    /// (`hours` suggests 1, 2, 3, 4, 8 and 24 and takes 1 to 72), which an agent's schema gives
    /// as examples rather than as the only values.
    public var range: ClosedRange<Int>?

    /// An argument as plain data; a ``ScreenCommand``'s are described from its typed arguments.
    public init(
        _ name: String, kind: Kind = .positional, optional: Bool = false, takesRest: Bool = false,
        values: [String] = [], descriptions: [String: String] = [:], isPath: Bool = false, valueName: String? = nil,
        choice: Bool = false, shortName: String? = nil, range: ClosedRange<Int>? = nil
    ) {
        self.isChoice = choice
        self.range = range
        self.name = name
        self.kind = kind
        self.isOptional = optional
        self.takesRest = takesRest
        self.values = values
        self.descriptions = descriptions
        self.isPath = isPath
        self.valueName = valueName
        self.shortName = shortName
    }

    /// How the argument appears in a usage line: `NAME`, `[NAME]`, `[--hours HOURS]`, `[--all]`.
    package var usageToken: String {
        let token: String
        let written = shortName.map { "-\($0)" } ?? "--\(name)"
        switch kind {
        case .positional: token = name
        case .option: token = "\(written) \(valueName ?? name.uppercased())"
        case .flag: token = written
        }
        return isOptional ? "[\(token)]" : token
    }

    private enum CodingKeys: String, CodingKey {
        case name, kind, optional, rest, values, descriptions, path, valueName, choice, shortName = "short", minimum, maximum
    }

    /// Decodes the JSON form (`optional`, `rest`, `descriptions`, `path`, `choice`, `short`,
    /// `minimum` and `maximum`: absent defaults).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try container.decode(String.self, forKey: .name)
        kind = try container.decodeIfPresent(Kind.self, forKey: .kind) ?? .positional
        isOptional = try container.decodeIfPresent(Bool.self, forKey: .optional) ?? false
        takesRest = try container.decodeIfPresent(Bool.self, forKey: .rest) ?? false
        values = try container.decodeIfPresent([String].self, forKey: .values) ?? []
        descriptions = try container.decodeIfPresent([String: String].self, forKey: .descriptions) ?? [:]
        isPath = try container.decodeIfPresent(Bool.self, forKey: .path) ?? false
        valueName = try container.decodeIfPresent(String.self, forKey: .valueName)
        isChoice = try container.decodeIfPresent(Bool.self, forKey: .choice) ?? false
        shortName = try container.decodeIfPresent(String.self, forKey: .shortName)
        let minimum = try container.decodeIfPresent(Int.self, forKey: .minimum)
        let maximum = try container.decodeIfPresent(Int.self, forKey: .maximum)
        if let minimum, let maximum, minimum <= maximum { range = minimum...maximum }
    }

    /// Encodes the JSON form.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
        try container.encode(kind, forKey: .kind)
        try container.encode(isOptional, forKey: .optional)
        try container.encode(takesRest, forKey: .rest)
        try container.encode(values, forKey: .values)
        // Written only when there are any, so that an argument without them reads as before.
        if !descriptions.isEmpty { try container.encode(descriptions, forKey: .descriptions) }
        if isPath { try container.encode(isPath, forKey: .path) }
        try container.encodeIfPresent(valueName, forKey: .valueName)
        if isChoice { try container.encode(isChoice, forKey: .choice) }
        try container.encodeIfPresent(shortName, forKey: .shortName)
        try container.encodeIfPresent(range?.lowerBound, forKey: .minimum)
        try container.encodeIfPresent(range?.upperBound, forKey: .maximum)
    }
}
