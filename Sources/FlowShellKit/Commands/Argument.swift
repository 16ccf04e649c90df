/// One typed argument of a screen command: how it is described (name, kind, the values Tab
/// offers, taken from the screen's state) and how its text becomes a `Value`.
///
/// ```swift
/// .argument("CAR-ID", values: { $0.visibleCars.map(\.id) })     // String
/// .argument("CAR-ID", describedValues: { $0.visibleCars.map { ($0.id, $0.name) } })  // listed with names
/// .number("HOURS", in: 1...72)                                  // Int
/// .choice("ORDER", of: CarSortOrder.self)                        // a string-backed enum
/// .optional("TEXT", rest: true)                                  // String?, the rest of the line
/// .option("hours", .number("HOURS", in: 1...72), default: 1)     // --hours HOURS
/// .flag("all")                                                   // Bool
/// ```
public struct Argument<State, Value>: Sendable {
    /// The argument's description, given the screen's state.
    let describe: @Sendable (State) -> ArgumentDescription
    /// The typed value from what was parsed.
    let read: @Sendable (ParsedArguments, _ position: Int) throws -> Value
    /// Whether it takes a positional place.
    let isPositional: Bool

    init(
        isPositional: Bool, describe: @escaping @Sendable (State) -> ArgumentDescription,
        read: @escaping @Sendable (ParsedArguments, Int) throws -> Value
    ) {
        self.isPositional = isPositional
        self.describe = describe
        self.read = read
    }
}

extension Argument where Value == String {
    /// A required word, with the values Tab offers from the state.
    public static func argument(_ name: String, values: @escaping @Sendable (State) -> [String] = { _ in [] }) -> Self {
        Argument(isPositional: true, describe: { ArgumentDescription(name, values: values($0)) }) { parsed, position in
            parsed.positionals[position]
        }
    }
}

extension Argument where Value == String {
    /// A required word whose values Tab offers with what each is: `rio  Kia Rio`.
    public static func argument(
        _ name: String, describedValues: @escaping @Sendable (State) -> [(value: String, description: String)]
    ) -> Self {
        Argument(
            isPositional: true,
            describe: { state in
                let described = describedValues(state)
                return ArgumentDescription(
                    name, values: described.map(\.value),
                    descriptions: Dictionary(described.map { ($0.value, $0.description) }, uniquingKeysWith: { first, _ in first }))
            }
        ) { parsed, position in
            parsed.positionals[position]
        }
    }
}

extension Argument where Value == String? {
    /// A word that may be left out; with `rest`, every remaining word, joined by spaces.
    public static func optional(_ name: String, rest: Bool = false, values: @escaping @Sendable (State) -> [String] = { _ in [] }) -> Self {
        Argument(isPositional: true, describe: { ArgumentDescription(name, optional: true, takesRest: rest, values: values($0)) }) {
            parsed, position in
            position < parsed.positionals.count ? parsed.positionals[position] : nil
        }
    }
}

extension Argument where Value == Int {
    /// A whole number within `range`, with suggested values for Tab.
    public static func number(_ name: String, in range: ClosedRange<Int>, suggested: [Int] = []) -> Self {
        Argument(isPositional: true, describe: { _ in ArgumentDescription(name, values: suggested.map(String.init), range: range) }) {
            parsed, position in
            try Self.number(parsed.positionals[position], name: name, in: range)
        }
    }

    static func number(_ text: String, name: String, in range: ClosedRange<Int>) throws -> Int {
        guard let number = Int(text), range.contains(number) else {
            throw UserFacingError("\(name) must be a whole number from \(range.lowerBound) to \(range.upperBound), not '\(text)'")
        }
        return number
    }
}

extension Argument where Value: RawRepresentable & CaseIterable & Sendable, Value.RawValue == String {
    /// One of an enum's cases, typed as its raw value; Tab offers every case, and a View may
    /// offer them as a choice that runs the command when one is chosen (`sort`'s order).
    public static func choice(_ name: String, of type: Value.Type) -> Self {
        // A closure, not `\.rawValue`: a key path into a generic type is formed at run time, which
        // checks the type's conformances by searching all of them (the first time, at start).
        let names = Value.allCases.map { $0.rawValue }
        return Argument(isPositional: true, describe: { _ in ArgumentDescription(name, values: names, choice: true) }) { parsed, position in
            let text = parsed.positionals[position]
            guard let value = Value(rawValue: text) ?? Value.allCases.first(where: { $0.rawValue.lowercased() == text.lowercased() }) else {
                throw UserFacingError("\(name) must be \(Self.list(names)), not '\(text)'")
            }
            return value
        }
    }

    private static func list(_ names: [String]) -> String {
        guard names.count > 1, let last = names.last else { return names.first ?? "" }
        return names.dropLast().joined(separator: ", ") + " or " + last
    }
}

extension Argument where Value == Bool {
    /// `--name`: true when given.
    public static func flag(_ name: String) -> Self {
        Argument(isPositional: false, describe: { _ in ArgumentDescription(name, kind: .flag, optional: true) }) { parsed, _ in
            parsed.flags.contains(name)
        }
    }
}

extension Argument {
    /// `--name VALUE`, read like `value` would read a positional word; `fallback` when left out.
    public static func option(_ name: String, _ value: Argument<State, Value>, default fallback: Value) -> Self where Value: Sendable {
        Argument(
            isPositional: false,
            describe: { state in
                let inner = value.describe(state)
                return ArgumentDescription(
                    name, kind: .option, optional: true, values: inner.values, valueName: inner.name, choice: inner.isChoice,
                    range: inner.range)
            }
        ) { parsed, _ in
            guard let text = parsed.options[name] else { return fallback }
            var single = parsed
            single.positionals = [text]
            return try value.read(single, 0)
        }
    }
}
