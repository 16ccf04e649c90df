import FlowShellKit

/// notes.note: one note, looked up by its typed input (`NoteReference`, from `open 2`, a
/// deep link `/notes/2`, or a note just composed). `append TEXT` adds a line, `delete` removes it.
struct NoteScreen: Screen {
    static let id = "notes.note"
    static let title = "Note"

    struct Events: ScreenEvents {
        let deleted = Event<Nothing>("the note was deleted")
    }

    let book: NoteBook
    /// Which note: the input names it, and the note itself is looked up, never carried in it.
    let input: NoteReference

    init(input: NoteReference, context: ScreenContext) throws {
        book = try context.services.resolve(NoteBook.self)
        self.input = input
    }

    func load() throws -> Note {
        try book.note(input.noteID)
    }

    static let commands: [ScreenCommand<Self>] = [
        .command("append", "Add a line to the note", .optional("TEXT", rest: true)) { screen, note, text, _ in
            note.lines.append(text ?? "")
            try screen.book.replace(note)
        },
        .command("delete", "Delete the note") { screen, note, emit in
            try screen.book.remove(note.id)
            emit(\.deleted)
        },
    ]

    static func render(_ note: Note) -> ViewProperties {
        ViewProperties(title: note.title, status: "note \(note.id)") {
            if note.lines.isEmpty {
                Component.message(.muted, "No lines yet: append TEXT.")
            } else {
                Component.list(note.lines, numbered: true)
            }
        }
    }
}
