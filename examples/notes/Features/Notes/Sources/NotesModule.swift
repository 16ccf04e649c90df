import FlowShellKit

/// The Notes feature module: its screens, the `unlocked` condition that guards use, the
/// `notes-order` setting, and the notebook they share.
public enum NotesModule {
    /// The module as the shell links it.
    @MainActor public static let module = FeatureModule(
        name: "Notes",
        screens: [NoteListScreen.self, NoteScreen.self, ComposeScreen.self, UnlockScreen.self],
        conditions: [unlocked],
        settings: [order],
        services: { container, environment in
            // One notebook for every screen, kept in the module's settings store (a test's own
            // notebook, registered first, is left as it is).
            if !container.contains(NoteBook.self) {
                container.register(NoteBook(store: environment.store("Notes")))
            }
        }
    )

    /// `set notes-order title`: the order the list starts in, kept per user.
    public static let order = ModuleSetting("notes-order", values: NoteOrder.allCases.map(\.rawValue), default: "newest",
                                            summary: "the order the notes list starts in")

    /// `unlocked`: the notes are not locked — a guard's condition, read from the module's
    /// settings store. A transition that `requires` it runs the guard's flow first.
    static let unlocked = ConditionRegistration("unlocked", summary: "unlocking") { store in
        isUnlocked(store)
    }

    /// Whether the notes kept in `store` are unlocked.
    @MainActor
    static func isUnlocked(_ store: any KeyValueStore) -> Bool {
        store.value(for: lockKey) == nil
    }

    /// The key of the word the notes are locked with.
    static let lockKey = "lock"

    /// Locks the notes behind `word`.
    @MainActor
    static func lock(with word: String, in store: any KeyValueStore) throws {
        try store.setValue(word, for: lockKey)
    }

    /// Unlocks the notes when `word` is the one they were locked with.
    @MainActor
    static func unlock(with word: String, in store: any KeyValueStore) -> Bool {
        guard store.value(for: lockKey) == word else { return false }
        try? store.setValue(nil, for: lockKey)
        return true
    }
}
