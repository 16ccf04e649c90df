@testable import FlowShellKit
import Testing

@Suite struct CommandLineTokenizerTests {
    @Test(
        arguments: [
            ("", []),
            ("   \t ", []),
            ("select rio", ["select", "rio"]),
            ("  filter   green  go ", ["filter", "green", "go"]),
            ("filter 'Kia Rio'", ["filter", "Kia Rio"]),
            ("filter \"say \\\"hi\\\" \\\\ now\"", ["filter", "say \"hi\" \\ now"]),
            ("filter Kia\\ Rio", ["filter", "Kia Rio"]),
            ("filter ''", ["filter", ""]),
            ("filter a'b c'd", ["filter", "ab cd"]),
            ("select rio # a comment", ["select", "rio"]),
            ("# only a comment", []),
            ("filter a#b", ["filter", "a#b"]),
            ("filter Škoda 日本", ["filter", "Škoda", "日本"]),
        ] as [(String, [String])])
    func splitsLikeAShell(line: String, words: [String]) throws {
        #expect(try CommandLineTokenizer.words(of: line) == words)
    }

    @Test func refusesUnterminatedQuotesAndEscapes() {
        #expect(throws: CommandLineTokenizer.Failure(message: "unterminated quote")) {
            try CommandLineTokenizer.words(of: "filter 'open")
        }
        #expect(throws: CommandLineTokenizer.Failure(message: "unterminated quote")) {
            try CommandLineTokenizer.words(of: "filter \"open")
        }
        #expect(throws: CommandLineTokenizer.Failure(message: "the line ends with a lone backslash")) {
            try CommandLineTokenizer.words(of: "filter a\\")
        }
    }

    @Test func splitsPartWayForCompletion() {
        #expect(CommandLineTokenizer.partial("sel") == .init(words: [], current: "sel", inQuote: false))
        #expect(CommandLineTokenizer.partial("select ") == .init(words: ["select"], current: "", inQuote: false))
        #expect(CommandLineTokenizer.partial("filter 'Kia R") == .init(words: ["filter"], current: "Kia R", inQuote: true))
    }

    @Test func escapedWordsSplitBack() throws {
        for word in ["Kia Rio", "it's", "a\"b", "back\\slash", "#tag", "plain"] {
            #expect(try CommandLineTokenizer.words(of: "x " + CommandLineTokenizer.escape(word)) == ["x", word])
        }
    }
}
