import Foundation
import FlowShellKit
import FlowShellTesting
@testable import Notes
import Testing

/// The whole flow of config.json with FlowHarness: the guard that locked notes go through, a
/// deep link, and a note composed in a modal layer.
@MainActor
@Suite struct NotesFlowTests {
    /// The flow the shell runs: its config.json, beside the package's Features folder.
    static let config = try? String(contentsOf: URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().appendingPathComponent("../../../config.json").standardizedFileURL, encoding: .utf8)

    private func flow() async throws -> FlowHarness {
        try await FlowHarness(config: try #require(Self.config), modules: [NotesModule.module])
    }

    @Test func lockedNotesAskForTheWordFirst() async throws {
        let flow = try await flow()
        try await flow.send("add Diary")
        try await flow.send("lock swordfish")
        // The transition requires `unlocked`: its guard presents the unlock flow first.
        try await flow.send("read 1")
        flow.expectStack(["notes.list", "notes.unlock"])
        await #expect(throws: UserFacingError("that is not the word the notes were locked with")) { try await flow.send("unlock tuna") }
        try await flow.send("unlock swordfish")
        // The guard's flow finished: the way goes on to the note.
        flow.expectStack(["notes.list", "notes.note"])
        flow.expectScreen(contains: ["title: Diary"])
    }

    @Test func aDeepLinkOpensANoteThroughTheSameGuard() async throws {
        let flow = try await flow()
        try await flow.send("add Diary")
        try await flow.send("open /notes/1")
        flow.expectStack(["notes.list", "notes.note"])
        try await flow.send("home")
        try await flow.send("lock swordfish")
        try await flow.send("open /notes/1")
        flow.expectStack(["notes.list", "notes.unlock"])
    }

    @Test func aComposedNoteIsShownInItsModalLayerThenListed() async throws {
        let flow = try await flow()
        try await flow.send("compose")
        flow.expectStack(["notes.list", "notes.compose"])
        await #expect(throws: UserFacingError("a note needs a title first: title TEXT")) { try await flow.send("save") }
        try await flow.send("title Groceries")
        try await flow.send("line eggs")
        try await flow.send("save")
        flow.expectStack(["notes.list", "notes.note"])
        flow.expectScreen(contains: ["title: Groceries", "item#: eggs"])
        try await flow.send("back")
        flow.expectStack(["notes.list"])
        flow.expectScreen(contains: ["row: 1 | Groceries | 1 | "])
    }
}
