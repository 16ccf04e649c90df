import FlowShellKit
import FlowShellTesting
@testable import Notes
import Testing

/// One note, built from its typed input.
@MainActor
@Suite struct NoteTests {
    @Test func aNoteIsLookedUpByItsInput() async throws {
        let services = ServiceContainer()
        let book = NoteBook(store: MemoryKeyValueStore())
        try book.add(title: "Buy bread", lines: ["rye"])
        services.register(book)
        // The input as the flow hands it: the keys of NoteReference.
        let note = try await FeatureHarness(NotesModule.module, "notes.note", input: ["noteID": "1"], services: services)
        note.expectScreen(["title: Buy bread", "item#: rye", "status: note 1", "command: append [TEXT]", "command: delete"])
        try await note.send("append and butter")
        note.expectScreen(contains: ["item#: rye", "item#: and butter"])
        #expect(try book.note("1").lines == ["rye", "and butter"])
        try await note.send("delete")
        note.expectEvents([FeatureEvent("deleted")])
        #expect(book.notes.isEmpty)
    }

    @Test func aNoteThatIsNotThereIsSaidSo() async throws {
        await #expect(throws: UserFacingError("no note '7' — list shows them")) {
            _ = try await FeatureHarness(NotesModule.module, "notes.note", input: ["noteID": "7"])
        }
        await #expect(throws: UserFacingError.self) {
            _ = try await FeatureHarness(NotesModule.module, "notes.note")
        }
    }
}
