/// Refuses a line longer than ``longestLine`` bytes before anything reads it: longer than any
/// command a person types, so that one person's paste costs every other session on a server no
/// more than a short line does. Every session's chain begins with it.
public struct LineLengthBound: LineHandler {
    /// The longest line a session runs, in bytes.
    nonisolated public static let longestLine = 4096

    public init() {}

    /// A line within the bound passes.
    public func passesAtOnce(_ line: String, in context: SessionContext) -> String? {
        line.utf8.count <= Self.longestLine ? line : nil
    }

    public func handle(_ line: String, in context: SessionContext, next: LineHandlerNext) async -> Session.Step {
        guard line.utf8.count <= Self.longestLine else {
            context.fail("the line is longer than \(Self.longestLine) bytes, the most a line may have — nothing ran")
            return .next
        }
        return await next(line)
    }
}
