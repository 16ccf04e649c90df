import FlowShellKit
@testable import FlowShellRuntime
@testable import FlowShellTerminal
import LineEditor
import Testing

@MainActor
@Suite struct CompletionProviderTests {
    let screen = ViewProperties(
        title: "Cars",
        commands: [
            CommandDescription(name: "select", summary: "", arguments: [ArgumentDescription("CAR", values: ["rio", "polo", "Kia Rio"])]),
            CommandDescription(name: "sort", summary: "", arguments: [ArgumentDescription("ORDER", values: ["price", "distance"])]),
        ])

    /// What a terminal session offers on `screen`: its commands, then the session's global ones.
    private func atTerminal(_ screen: ViewProperties) -> [CommandDescription] {
        screen.commands + Session.globals(composing: .terminal).map(\.description)
    }

    @Test func completesScreenAndGlobalCommandNames() {
        #expect(CompletionProvider.complete("sel", commands: atTerminal(screen)) == Completion(insert: "ect "))
        #expect(CompletionProvider.complete("wh", commands: atTerminal(screen)) == Completion(insert: "ere "))
        let several = CompletionProvider.complete("s", commands: atTerminal(screen))
        #expect(several.candidates == ["select", "set", "shell", "show", "sort"])
        #expect(several.descriptions["show"] == "Show the current screen again", "candidates are listed with what they do")
        #expect(
            CompletionProvider.complete("", commands: atTerminal(screen)).candidates == [
                "alias", "back", "edit", "exit", "help", "history", "home", "open", "quit", "reload", "run", "select", "set", "shell",
                "show", "sort", "unalias", "wait", "where",
            ])
    }

    @Test func completesDeclaredArgumentValues() {
        #expect(CompletionProvider.complete("select r", commands: atTerminal(screen)) == Completion(insert: "io "))
        #expect(CompletionProvider.complete("sort d", commands: atTerminal(screen)) == Completion(insert: "istance "))
        #expect(CompletionProvider.complete("sort price ", commands: atTerminal(screen)) == .none)
        #expect(CompletionProvider.complete("nothing ", commands: atTerminal(screen)) == .none)
    }

    @Test func escapesWhatItInserts() {
        #expect(CompletionProvider.complete("select K", commands: atTerminal(screen)) == Completion(insert: "ia\\ Rio "))
        #expect(CompletionProvider.complete("select 'K", commands: atTerminal(screen)) == Completion(insert: "ia Rio "))
    }

    @Test func helpCompletesCommandNames() {
        #expect(CompletionProvider.complete("help so", commands: atTerminal(screen)) == Completion(insert: "rt "))
        #expect(CompletionProvider.complete("help sort ", commands: atTerminal(screen)) == .none)
    }

    @Test func completionIgnoresCase() {
        #expect(CompletionProvider.complete("SEL", commands: atTerminal(screen)) == Completion(deleting: 3, insert: "select "))
        #expect(
            CompletionProvider.complete("select kia\\ r", commands: atTerminal(screen)) == Completion(deleting: 6, insert: "Kia\\ Rio "))
        #expect(CompletionProvider.complete("sort DIS", commands: atTerminal(screen)) == Completion(deleting: 3, insert: "distance "))
    }

    @Test func completesLinksAndTheirParameters() {
        let links = ["/cars/:carID", "/plates/:plate", "/bookings"]
        let values: (String) -> [(value: String, description: String?)] = { $0 == "carID" ? [("rio", "Kia Rio"), ("polo", nil)] : [] }
        #expect(
            CompletionProvider.complete("open /c", commands: atTerminal(screen), links: links, values: values)
                == Completion(insert: "ars/"),
            "a partial path gets no space")
        let cars = CompletionProvider.complete("open /cars/", commands: atTerminal(screen), links: links, values: values)
        #expect(cars.candidates == ["/cars/polo", "/cars/rio"])
        #expect(cars.descriptions == ["/cars/rio": "Kia Rio"], "a value is listed with what it is, as after a command")
        #expect(
            CompletionProvider.complete("open /cars/r", commands: atTerminal(screen), links: links, values: values)
                == Completion(insert: "io "))
        #expect(
            CompletionProvider.complete("open /p", commands: atTerminal(screen), links: links, values: values)
                == Completion(insert: "lates/"))
        #expect(
            CompletionProvider.complete("open /plates/", commands: atTerminal(screen), links: links, values: values) == .none,
            "no values known")
        #expect(
            CompletionProvider.complete("open /b", commands: atTerminal(screen), links: links, values: values)
                == Completion(insert: "ookings "))
    }

    @Test func listsValuesWithWhatEachIsWhenTheDeclarationSays() {
        let cars = ViewProperties(
            title: "Cars",
            commands: [
                CommandDescription(
                    name: "select", summary: "",
                    arguments: [
                        ArgumentDescription(
                            "CAR-ID", values: ["rio", "polo", "octavia"],
                            descriptions: ["rio": "Kia Rio", "polo": "Volkswagen Polo", "octavia": "Škoda Octavia"])
                    ])
            ])
        let listed = CompletionProvider.complete("select ", commands: atTerminal(cars))
        #expect(listed.candidates == ["octavia", "polo", "rio"])
        #expect(listed.descriptions == ["rio": "Kia Rio", "polo": "Volkswagen Polo", "octavia": "Škoda Octavia"])
        #expect(CompletionProvider.complete("select p", commands: atTerminal(cars)) == Completion(insert: "olo "))
    }

    @Test func setCompletesASettingsValues() {
        #expect(CompletionProvider.complete("set co", commands: atTerminal(screen)).candidates == ["color", "confirm-quit"])
        #expect(CompletionProvider.complete("set color ", commands: atTerminal(screen)).candidates == ["auto", "off", "on"])
        #expect(CompletionProvider.complete("set pager of", commands: atTerminal(screen)) == Completion(insert: "f "))
        #expect(CompletionProvider.complete("set nothing ", commands: atTerminal(screen)) == .none)
    }

    @Test func pathsCompleteFiles() {
        let folders: [String: [String]] = ["": ["book.fs", "books/", "notes.txt", ".hidden"], "books/": ["rio.fs"]]
        let files: (String) -> [String] = { folders[$0] ?? [] }
        #expect(CompletionProvider.complete("run b", commands: atTerminal(screen), files: files) == Completion(insert: "ook"))
        #expect(CompletionProvider.complete("run book", commands: atTerminal(screen), files: files).candidates == ["book.fs", "books/"])
        #expect(
            CompletionProvider.complete("run book.", commands: atTerminal(screen), files: files) == Completion(insert: "fs "),
            "a file gets its space")
        #expect(
            CompletionProvider.complete("run books", commands: atTerminal(screen), files: files) == Completion(insert: "/"),
            "a folder goes on")
        #expect(CompletionProvider.complete("run books/", commands: atTerminal(screen), files: files) == Completion(insert: "rio.fs "))
        #expect(CompletionProvider.complete("run .", commands: atTerminal(screen), files: files) == Completion(insert: "hidden "))
        #expect(!CompletionProvider.complete("run ", commands: atTerminal(screen), files: files).candidates.contains(".hidden"))
        #expect(
            CompletionProvider.complete("where > no", commands: atTerminal(screen), files: files) == Completion(insert: "tes.txt "),
            "a redirection's file")
    }

    @Test func anAliasCompletesAsItsCommand() {
        let aliases = ["s": "select", "cheap": "sort price"]
        #expect(CompletionProvider.complete("s r", commands: atTerminal(screen), aliases: aliases) == Completion(insert: "io "))
        #expect(CompletionProvider.complete("cheap ", commands: atTerminal(screen), aliases: aliases) == .none, "its words are taken")
        #expect(CompletionProvider.complete("che", commands: atTerminal(screen), aliases: aliases) == Completion(insert: "ap "))
        #expect(CompletionProvider.complete("s", commands: atTerminal(screen), aliases: aliases).descriptions["s"] == "alias for select")
    }
}
