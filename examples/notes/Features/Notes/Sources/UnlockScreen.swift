import FlowShellKit

/// notes.unlock, what the `unlock` guard presents when the notes are locked (`lock WORD`):
/// `unlock WORD` with the same word unlocks them (`unlocked`, which ends the guard's flow, and
/// the way goes on to where it led), `cancel` gives up.
struct UnlockScreen: Screen {
    static let id = "notes.unlock"
    static let title = "Unlock"

    struct Events: ScreenEvents {
        let unlocked = Event<Nothing>("the notes are unlocked")
        let cancelled = Event<Nothing>("the user gave up")
    }

    let store: any KeyValueStore

    init(input: Nothing, context: ScreenContext) {
        store = context.store
    }

    /// Whether the notes are locked, which they are while this screen shows.
    func load() -> Bool { true }

    static let commands: [ScreenCommand<Self>] = [
        .command("unlock", "Unlock the notes with the word they were locked with", .argument("WORD")) { screen, _, word, emit in
            guard NotesModule.unlock(with: word, in: screen.store) else { throw UserFacingError("that is not the word the notes were locked with") }
            emit(\.unlocked)
        },
        .command("cancel", "Leave the notes locked") { _, _, emit in emit(\.cancelled) },
    ]

    static func render(_ locked: Bool) -> ViewProperties {
        ViewProperties(title: title, status: locked ? "locked" : "unlocked") {
            Component.text("The notes are locked: unlock WORD opens them.")
        }
    }
}
