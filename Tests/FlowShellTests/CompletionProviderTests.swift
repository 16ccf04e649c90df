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
        let several = CompletionProvider.complete("s", screen: screen)
        #expect(several.candidates == ["select", "set", "shell", "show", "sort"])
        #expect(several.descriptions["show"] == "Show the current screen again", "candidates are listed with what they do")
        #expect(CompletionProvider.complete("", screen: screen).candidates == ["alias", "back", "exit", "help", "history", "home", "open", "quit", "reload", "run", "select", "set", "shell", "show", "sort", "unalias", "where"])
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

    @Test func completionIgnoresCase() {
        #expect(CompletionProvider.complete("SEL", screen: screen) == Completion(deleting: 3, insert: "select "))
        #expect(CompletionProvider.complete("select kia\\ r", screen: screen) == Completion(deleting: 6, insert: "Kia\\ Rio "))
        #expect(CompletionProvider.complete("sort DIS", screen: screen) == Completion(deleting: 3, insert: "distance "))
    }

    @Test func completesLinksAndTheirParameters() {
        let links = ["/cars/:carID", "/plates/:plate", "/bookings"]
        let values: (String) -> [String] = { $0 == "carID" ? ["rio", "polo"] : [] }
        #expect(CompletionProvider.complete("open /c", screen: screen, links: links, values: values) == Completion(insert: "ars/"),
                "a partial path gets no space")
        #expect(CompletionProvider.complete("open /cars/", screen: screen, links: links, values: values).candidates == ["/cars/polo", "/cars/rio"])
        #expect(CompletionProvider.complete("open /cars/r", screen: screen, links: links, values: values) == Completion(insert: "io "))
        #expect(CompletionProvider.complete("open /p", screen: screen, links: links, values: values) == Completion(insert: "lates/"))
        #expect(CompletionProvider.complete("open /plates/", screen: screen, links: links, values: values) == .none, "no values known")
        #expect(CompletionProvider.complete("open /b", screen: screen, links: links, values: values) == Completion(insert: "ookings "))
    }
}
