import Clocks
import FlowShellKit
import FlowShellTesting
@testable import Notes
import Testing

/// The list of notes, one screen at a time with FeatureHarness: its typed arguments, the
/// setting it starts from, its effect and its subscription.
@MainActor
@Suite struct NoteListTests {
    @Test func commandsTakeTypedArguments() async throws {
        let list = try await FeatureHarness(NotesModule.module, "notes.list")
        list.expectScreen(contains: ["info: No notes yet: add TITLE, or compose.", "status: 0 notes, newest first"])
        // The rest of the line is one title; a choice is one of its cases.
        try await list.send("add Buy bread")
        try await list.send("add Call Ann")
        try await list.send("sort title")
        list.expectScreen(contains: ["row: 1 | Buy bread | 0 | ", "row: 2 | Call Ann | 0 | ", "status: 2 notes, title first"])
        await #expect(throws: UserFacingError("ORDER must be newest or title, not 'size'")) { try await list.send("sort size") }
        await #expect(throws: UserFacingError("no note '9' — list shows them")) { try await list.send("read 9") }
        try await list.send("read 2")
        list.expectEvents([FeatureEvent("opened", payload: ["noteID": "2"])])
    }

    @Test func theListStartsInThePersonsOrder() async throws {
        // What `set notes-order title` keeps in the module's settings store.
        let store = MemoryKeyValueStore()
        try store.setValue("title", of: NotesModule.order)
        let list = try await FeatureHarness(NotesModule.module, "notes.list", store: store)
        list.expectScreen(contains: ["status: 0 notes, title first"])
    }

    @Test func syncGoesOnAfterTheCommandAsTimePasses() async throws {
        let clock = TestClock()
        let list = try await FeatureHarness(NotesModule.module, "notes.list", clock: clock)
        try await list.send("add Buy bread")
        try await list.send("add Call Ann")
        try await list.send("sync")
        list.expectScreen(contains: ["status: 2 notes, newest first — 0 of 2 synced"])
        // The effect sleeps on the test's clock: each second moved on syncs one note.
        await list.advance(by: .seconds(1))
        let first = await list.nextUpdate()
        #expect(ScreenDescription.lines(first).contains("status: 2 notes, newest first — 1 of 2 synced"))
        await list.advance(by: .seconds(1))
        let done = await list.nextUpdate()
        #expect(ScreenDescription.lines(done).contains("row: 1 | Buy bread | 0 | yes"))
        #expect(ScreenDescription.lines(done).contains("status: 2 notes, newest first, synced just now"))
        // "Now" is the screen's clock's too: a minute on, the list says so by itself.
        await list.advance(by: .seconds(60))
        let later = await list.nextUpdate()
        #expect(ScreenDescription.lines(later).contains("status: 2 notes, newest first, synced 1 min ago"))
    }

    @Test func aNoteAddedElsewhereShowsAtOnce() async throws {
        // The test's own notebook, which the module leaves as it is.
        let services = ServiceContainer()
        let book = NoteBook(store: MemoryKeyValueStore())
        services.register(book)
        let list = try await FeatureHarness(NotesModule.module, "notes.list", services: services)
        // Another screen (a modal layer, another shell) adds a note: the subscription follows it.
        try book.add(title: "From elsewhere")
        let update = await list.nextUpdate()
        #expect(ScreenDescription.lines(update).contains("row: 1 | From elsewhere | 0 | "))
    }
}
