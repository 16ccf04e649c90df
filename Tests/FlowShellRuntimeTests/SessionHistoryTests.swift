@testable import FlowShellRuntime
import Testing

/// The session's history keeps its numbering while it lets go of old lines.
@Suite struct SessionHistoryTests {
    @Test func linesAreNumberedFromOne() {
        var history = SessionHistory()
        history.append("select rio")
        history.append("back")
        #expect(history.line(1) == "select rio")
        #expect(history.line(2) == "back")
        #expect(history.line(3) == nil)
        #expect(history.line(0) == nil)
        #expect(history.last(1).map(\.number) == [2])
        #expect(history.nextNumber == 3)
    }

    @Test func onlyTheLatestLinesAreKeptAndKeepTheirNumbers() {
        var history = SessionHistory()
        let total = SessionHistory.limit * 5 + 7
        for number in 1...total {
            history.append("line \(number)")
        }
        #expect(history.nextNumber == total + 1)
        #expect(history.line(total) == "line \(total)")
        #expect(history.line(total - SessionHistory.limit + 1) == "line \(total - SessionHistory.limit + 1)")
        #expect(history.line(total - SessionHistory.limit) == nil, "older than the last \(SessionHistory.limit)")
        #expect(history.line(1) == nil)
        let shown = history.last()
        #expect(shown.count == SessionHistory.limit)
        #expect(shown.first?.number == total - SessionHistory.limit + 1)
        #expect(shown.last?.line == "line \(total)")
    }
}
