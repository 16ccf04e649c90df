import FlowShellKit

/// notes.compose, which the flow presents as a modal layer: `title TEXT` and `line TEXT` write
/// a note, `save` keeps it (`saved`, with the new note's reference), `cancel` drops it.
struct ComposeScreen: Screen {
    static let id = "notes.compose"
    static let title = "New note"

    struct Events: ScreenEvents {
        let saved = Event<NoteReference>("the note was kept")
        let cancelled = Event<Nothing>("the user gave up")
    }

    struct Draft: Equatable, Sendable {
        var title = ""
        var lines: [String] = []
    }

    let book: NoteBook

    init(input: Nothing, context: ScreenContext) throws {
        book = try context.services.resolve(NoteBook.self)
    }

    func load() -> Draft { Draft() }

    static let commands: [ScreenCommand<Self>] = [
        .command("title", "Give the note a title", .optional("TEXT", rest: true)) { _, draft, text, _ in
            draft.title = text ?? ""
        },
        .command("line", "Add a line", .optional("TEXT", rest: true)) { _, draft, text, _ in
            draft.lines.append(text ?? "")
        },
        .command("save", "Keep the note") { screen, draft, emit in
            guard !draft.title.isEmpty else { throw UserFacingError("a note needs a title first: title TEXT") }
            let note = try screen.book.add(title: draft.title, lines: draft.lines)
            emit(\.saved, NoteReference(noteID: note.id))
        },
        .command("cancel", "Drop the note") { _, _, emit in emit(\.cancelled) },
    ]

    static func render(_ draft: Draft) -> ViewProperties {
        ViewProperties(title: title, status: draft.title.isEmpty ? "title TEXT, then line TEXT, then save" : "save keeps it") {
            Component.keyValue([KeyValue("Title", draft.title.isEmpty ? "—" : draft.title), KeyValue("Lines", String(draft.lines.count))])
            if !draft.lines.isEmpty { Component.list(draft.lines, numbered: true) }
        }
    }
}
