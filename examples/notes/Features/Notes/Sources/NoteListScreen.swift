import FlowShellKit
import Foundation

/// notes.list: every note. `add TITLE` adds one, `read NOTE-ID` opens it, `sort ORDER` orders
/// them, `compose` writes one in a modal layer, `lock WORD` locks the notes behind a word, and
/// `sync` syncs them one a second while you go on typing, and the list says how long ago.
struct NoteListScreen: Screen {
    static let id = "notes.list"
    static let title = "Notes"

    struct Events: ScreenEvents {
        let opened = Event<NoteReference>("the user opens a note")
        let compose = Event<Nothing>("the user writes a new note")
    }

    struct State: Equatable, Sendable {
        var notes: [Note]
        var order: NoteOrder
        /// Whether the notes are locked (`lock WORD`).
        var locked: Bool
        /// How far a sync has come while it runs (`2 of 3 synced`); nil otherwise.
        var syncing: String?
        /// When the last sync finished, and the time the list was last shown at.
        var lastSynced: Date?
        var now: Date
    }

    let book: NoteBook
    let store: any KeyValueStore
    /// What time it is, on the screen's clock (a test's, which the test moves on).
    let time: WallClock

    init(input: Nothing, context: ScreenContext) throws {
        book = try context.services.resolve(NoteBook.self)
        store = context.store
        time = context.wallClock
    }

    /// The notes, in the order the person chose with `set notes-order` (kept per user).
    func load() -> State {
        State(notes: book.notes, order: NoteOrder(rawValue: store.value(of: NotesModule.order)) ?? .newest,
              locked: !NotesModule.isUnlocked(store), now: time.now)
    }

    /// Shown again after a note closed: the notes may have changed meanwhile, and been unlocked.
    func appear(_ state: inout State) {
        state.notes = book.notes
        state.locked = !NotesModule.isUnlocked(store)
    }

    static let commands: [ScreenCommand<Self>] = [
        // A typed argument: the rest of the line, as one title.
        .command("add", "Add a note with this title", .optional("TITLE", rest: true)) { screen, state, title, _ in
            guard let title, !title.isEmpty else { throw UserFacingError("add needs a title: add Buy bread") }
            try screen.book.add(title: title)
            state.notes = screen.book.notes
        },
        // Tab lists each id with the note's title beside it.
        // (Not `open`: that is a global command, which opens a deep link.)
        .command("read", "Open a note", .argument("NOTE-ID", describedValues: { $0.notes.map { ($0.id, $0.title) } })) { screen, _, id, emit in
            _ = try screen.book.note(id)
            emit(\.opened, NoteReference(noteID: id))
        },
        // One of an enum's cases: Tab offers newest and title, anything else is refused.
        .command("sort", "Order the notes by newest or title", .choice("ORDER", of: NoteOrder.self)) { _, state, order, _ in
            state.order = order
        },
        .command("compose", "Write a new note") { _, _, emit in emit(\.compose) },
        .command("lock", "Lock the notes: opening one asks for WORD first", .argument("WORD")) { screen, state, word, _ in
            try NotesModule.lock(with: word, in: screen.store)
            state.locked = true
        },
        // An effect: work that goes on after the command returns, changing the state as it goes.
        .command("sync", "Sync the notes, one a second, while you go on") { screen, state, emit in
            let pending = state.notes.filter { !$0.synced }
            state.syncing = "0 of \(pending.count) synced"
            emit.run { send in
                for (index, note) in pending.enumerated() {
                    try await send.sleep(for: .seconds(1))
                    try screen.book.markSynced(note.id)
                    let notes = screen.book.notes
                    let now = screen.time.now
                    send {
                        $0.notes = notes
                        $0.syncing = index + 1 < pending.count ? "\(index + 1) of \(pending.count) synced" : nil
                        $0.now = now
                        if $0.syncing == nil { $0.lastSynced = now }
                    }
                }
            }
        },
    ]

    /// A subscription: while the list is open, a note added elsewhere (a modal layer, another
    /// shell of the same user) shows in it at once.
    static let subscriptions: [ScreenSubscription<Self>] = [
        .following({ screen in screen.book.changes() }) { screen, send, _ in
            let notes = screen.book.notes
            send { $0.notes = notes }
        },
        // A timer: "synced 1 min ago" becomes "2 min ago" as the screen's clock reaches the next minute.
        .timer(next: { screen, state in
            state.lastSynced.flatMap { syncedAt in
                let elapsed = screen.time.now.timeIntervalSince(syncedAt)
                return elapsed < 3600 ? .seconds((elapsed / 60).rounded(.down) * 60 + 60 - elapsed) : nil
            }
        }) { screen, send in
            let now = screen.time.now
            send { $0.now = now }
        },
    ]

    static func render(_ state: State) -> ViewProperties {
        let notes = state.order == .title ? state.notes.sorted { $0.title < $1.title } : state.notes.reversed()
        var status = "\(notes.count) note\(notes.count == 1 ? "" : "s"), \(state.order.rawValue) first"
        if state.locked { status += ", locked" }
        if let syncing = state.syncing { status += " — \(syncing)" }
        if let syncedAt = state.lastSynced { status += ", synced " + ago(state.now.timeIntervalSince(syncedAt)) }
        return ViewProperties(title: title, status: status) {
            if notes.isEmpty {
                Component.message(.info, "No notes yet: add TITLE, or compose.")
            } else {
                Component.table(Table(columns: [Table.Column("ID").keepingWidth(), Table.Column("Title").shrinking(), Table.Column("Lines").trailing(),
                                                Table.Column("Synced")],
                                      rows: notes.map { [$0.id, $0.title, String($0.lines.count), $0.synced ? "yes" : ""] }))
            }
        }
    }

    /// `just now`, `3 min ago`, `over an hour ago`.
    static func ago(_ seconds: TimeInterval) -> String {
        let minutes = Int(seconds / 60)
        return minutes < 1 ? "just now" : minutes < 60 ? "\(minutes) min ago" : "over an hour ago"
    }
}
