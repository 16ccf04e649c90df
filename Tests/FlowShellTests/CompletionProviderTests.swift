@testable import FlowShell
import FlowShellKit
@testable import FlowShellRuntime
@testable import FlowShellTerminal
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
        #expect(CompletionProvider.complete("", screen: screen).candidates == ["alias", "back", "exit", "help", "history", "home", "open", "quit", "reload", "run", "select", "set", "shell", "show", "sort", "unalias", "wait", "where"])
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

    @Test func listsValuesWithWhatEachIsWhenTheDeclarationSays() {
        let cars = ViewProperties(title: "Cars", commands: [
            CommandDescription(name: "select", summary: "", arguments: [
                ArgumentDescription("CAR-ID", values: ["rio", "polo", "octavia"], descriptions: ["rio": "Kia Rio", "polo": "Volkswagen Polo", "octavia": "Škoda Octavia"]),
            ]),
        ])
        let listed = CompletionProvider.complete("select ", screen: cars)
        #expect(listed.candidates == ["octavia", "polo", "rio"])
        #expect(listed.descriptions == ["rio": "Kia Rio", "polo": "Volkswagen Polo", "octavia": "Škoda Octavia"])
        #expect(CompletionProvider.complete("select p", screen: cars) == Completion(insert: "olo "))
    }

    @Test func setCompletesASettingsValues() {
        #expect(CompletionProvider.complete("set co", screen: screen).candidates == ["color", "confirm-quit"])
        #expect(CompletionProvider.complete("set color ", screen: screen).candidates == ["auto", "off", "on"])
        #expect(CompletionProvider.complete("set pager of", screen: screen) == Completion(insert: "f "))
        #expect(CompletionProvider.complete("set nothing ", screen: screen) == .none)
    }

    @Test func pathsCompleteFiles() {
        let folders: [String: [String]] = ["": ["book.fs", "books/", "notes.txt", ".hidden"], "books/": ["rio.fs"]]
        let files: (String) -> [String] = { folders[$0] ?? [] }
        #expect(CompletionProvider.complete("run b", screen: screen, files: files) == Completion(insert: "ook"))
        #expect(CompletionProvider.complete("run book", screen: screen, files: files).candidates == ["book.fs", "books/"])
        #expect(CompletionProvider.complete("run book.", screen: screen, files: files) == Completion(insert: "fs "), "a file gets its space")
        #expect(CompletionProvider.complete("run books", screen: screen, files: files) == Completion(insert: "/"), "a folder goes on")
        #expect(CompletionProvider.complete("run books/", screen: screen, files: files) == Completion(insert: "rio.fs "))
        #expect(CompletionProvider.complete("run .", screen: screen, files: files) == Completion(insert: "hidden "))
        #expect(!CompletionProvider.complete("run ", screen: screen, files: files).candidates.contains(".hidden"))
        #expect(CompletionProvider.complete("where > no", screen: screen, files: files) == Completion(insert: "tes.txt "), "a redirection's file")
    }

    @Test func anAliasCompletesAsItsCommand() {
        let aliases = ["s": "select", "cheap": "sort price"]
        #expect(CompletionProvider.complete("s r", screen: screen, aliases: aliases) == Completion(insert: "io "))
        #expect(CompletionProvider.complete("cheap ", screen: screen, aliases: aliases) == .none, "its words are taken")
        #expect(CompletionProvider.complete("che", screen: screen, aliases: aliases) == Completion(insert: "ap "))
        #expect(CompletionProvider.complete("s", screen: screen, aliases: aliases).descriptions["s"] == "alias for select")
    }
}
