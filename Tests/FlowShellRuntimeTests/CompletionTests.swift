import FlowShellKit
import Testing

@Suite struct CompletionTests {
    @Test func aSingleMatchIsCompletedWithASpace() {
        #expect(Completion.completing("sel", among: ["select", "sort"]) == Completion(insert: "ect "))
    }

    @Test func severalMatchesExtendToTheirCommonPrefix() {
        #expect(
            Completion.completing("h", among: ["help", "hello", "home"]) == Completion(insert: "", candidates: ["hello", "help", "home"]))
        #expect(Completion.completing("he", among: ["help", "hello", "home"]) == Completion(insert: "l"))
        #expect(Completion.completing("hel", among: ["help", "hello"]) == Completion(candidates: ["hello", "help"]))
    }

    @Test func noMatchGivesNothing() {
        #expect(Completion.completing("x", among: ["help"]) == .none)
    }

    @Test func anEmptyWordListsEverythingOnce() {
        #expect(Completion.completing("", among: ["b", "a", "b"]) == Completion(candidates: ["a", "b"]))
    }

    @Test func unicodeWordsComplete() {
        #expect(Completion.completing("Šk", among: ["Škoda"]) == Completion(insert: "oda "))
    }
}
