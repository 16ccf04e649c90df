import FlowShellKit
import Foundation

/// The notes, kept in the Notes module's settings store — the key-value store the shell keeps
/// per user and per app, which survives restarts — as JSON under one key. Every screen of the
/// module shares this one service, and follows its changes.
@MainActor
public final class NoteBook {
    private let store: any KeyValueStore
    private var followers: [UUID: AsyncStream<Void>.Continuation] = [:]

    /// The notes kept in `store`.
    public init(store: any KeyValueStore) {
        self.store = store
    }

    /// Every note, oldest first.
    public var notes: [Note] {
        guard let text = store.value(for: "notes"), let notes = try? JSONDecoder().decode([Note].self, from: Data(text.utf8)) else {
            return []
        }
        return notes
    }

    /// The note `id`; a ``UserFacingError`` when there is none.
    public func note(_ id: String) throws -> Note {
        guard let note = notes.first(where: { $0.id == id }) else { throw UserFacingError("no note '\(id)' — list shows them") }
        return note
    }

    /// Adds a note and returns it, numbered after the last.
    @discardableResult
    public func add(title: String, lines: [String] = []) throws -> Note {
        let number = (notes.compactMap { Int($0.id) }.max() ?? 0) + 1
        let note = Note(id: String(number), title: title, lines: lines)
        try save(notes + [note])
        return note
    }

    /// Keeps `note` in place of the note of its id.
    public func replace(_ note: Note) throws {
        try save(notes.map { $0.id == note.id ? note : $0 })
    }

    /// Removes the note `id`.
    public func remove(_ id: String) throws {
        try save(notes.filter { $0.id != id })
    }

    /// Marks the note `id` as synced.
    public func markSynced(_ id: String) throws {
        guard var note = notes.first(where: { $0.id == id }) else { return }
        note.synced = true
        try replace(note)
    }

    /// An element at once, then one each time the notes change, for as long as the caller
    /// follows it: what changed before it began following is not missed.
    public func changes() -> AsyncStream<Void> {
        let (stream, continuation) = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))
        let id = UUID()
        followers[id] = continuation
        continuation.yield()
        continuation.onTermination = { _ in Task { @MainActor in self.followers[id] = nil } }
        return stream
    }

    private func save(_ notes: [Note]) throws {
        let data = try JSONEncoder().encode(notes)
        try store.setValue(String(decoding: data, as: UTF8.self), for: "notes")
        for follower in followers.values { follower.yield() }
    }
}
