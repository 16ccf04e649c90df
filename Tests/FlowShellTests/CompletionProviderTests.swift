@testable import FlowShell
import FlowShellKit
import LineEditor
import Testing

@MainActor
@Suite struct CompletionProviderTests {
    let screen = ViewProperties(title: "Cars", commands: [
        CommandDescription(name: "select", summary: "", arguments: [ArgumentDescription("CAR", values: ["rio", "polo", "Kia Rio"])]),
        CommandDescription(name: "sort", summary: "", arguments: [ArgumentDescription("ORDER", values: ["price", "distance"])]),
    ])

    @Test func completesScreenAndGlobalCommandNames() {
        #expect(CompletionProvider.complete("sel", screen: screen) == Completion(insert: "ect "))
        #expect(CompletionProvider.complete("wh", screen: screen) == Completion(insert: "ere "))
        #expect(CompletionProvider.complete("s", screen: screen) == Completion(candidates: ["select", "set", "show", "sort"]))
        #expect(CompletionProvider.complete("", screen: screen).candidates == ["alias", "back", "exit", "help", "history", "home", "open", "quit", "reload", "run", "select", "set", "show", "sort", "unalias", "where"])
    }

    @Test func completesDeclaredArgumentValues() {
        #expect(CompletionProvider.complete("select r", screen: screen) == Completion(insert: "io "))
        #expect(CompletionProvider.complete("sort d", screen: screen) == Completion(insert: "istance "))
        #expect(CompletionProvider.complete("sort price ", screen: screen) == .none)
        #expect(CompletionProvider.complete("nothing ", screen: screen) == .none)
    }

    @Test func escapesWhatItInserts() {
        #expect(CompletionProvider.complete("select K", screen: screen) == Completion(insert: "ia\\ Rio "))
        #expect(CompletionProvider.complete("select 'K", screen: screen) == Completion(insert: "ia Rio "))
    }

    @Test func helpCompletesCommandNames() {
        #expect(CompletionProvider.complete("help so", screen: screen) == Completion(insert: "rt "))
        #expect(CompletionProvider.complete("help sort ", screen: screen) == .none)
    }
}
