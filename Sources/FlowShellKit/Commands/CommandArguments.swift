/// The words typed after a command's name, with helpers that turn a missing or malformed
/// argument into a clear message.
public struct CommandArguments: Sendable, Equatable {
    /// The command as declared, for usage messages.
    public let usage: String
    /// The words after the command's name.
    public let values: [String]

    /// Creates the arguments of one invocation.
    public init(usage: String, values: [String]) {
        self.usage = usage
        self.values = values
    }

    /// The argument at `index`, or a usage error naming it when it is missing.
    public func required(_ index: Int, _ name: String) throws -> String {
        guard index < values.count else {
            throw UserFacingError("missing \(name) — usage: \(usage)")
        }
        return values[index]
    }

    /// The argument at `index`, if it was typed.
    public func optional(_ index: Int) -> String? {
        index < values.count ? values[index] : nil
    }

    /// The argument at `index` as an integer within `range`, or a clear error.
    public func integer(_ index: Int, _ name: String, in range: ClosedRange<Int>) throws -> Int {
        let text = try required(index, name)
        guard let number = Int(text), range.contains(number) else {
            throw UserFacingError(
                "\(name) must be a whole number from \(range.lowerBound) to \(range.upperBound), not '\(text)'")
        }
        return number
    }

    /// Refuses extra words beyond `count` arguments.
    public func expectAtMost(_ count: Int) throws {
        guard values.count <= count else {
            throw UserFacingError("too many arguments — usage: \(usage)")
        }
    }
}
