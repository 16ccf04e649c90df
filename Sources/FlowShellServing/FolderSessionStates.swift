import FlowCoordinator
import FlowShellRuntime
import Foundation

/// What each served session knew — its place (its stack, as the terminal keeps its own), its
/// history, aliases and settings (``SessionState``) — so that a session that comes back
/// continues there: a browser tab after a reload, an agent's handle, an SSH user's next login,
/// and each after the server was stopped and started again (a deploy). Kept in a folder of the
/// app's state folder, one file a session (`web-tabs/TAB.json`, readable by its owner only),
/// written when the session changes and when it closes. A session nobody comes back to is
/// forgotten ``keptFor`` after it was last used, and at most ``maximumKept`` are kept, the
/// longest unused forgotten first. Without a state folder, or when it cannot be written, states
/// are kept in memory for the server's life, and ``problem`` says why. (The shared store keeps
/// them in PostgreSQL instead, for every server of the flow.)
@MainActor
package final class FolderSessionStates: SessionStateStore {
    /// How long a session's place is kept after it was last used: a week.
    package static let keptFor: TimeInterval = 7 * 24 * 60 * 60
    /// At most this many sessions' places are kept.
    package static let maximumKept = 10_000

    /// The folder of the files; nil: memory only.
    package let folder: String?
    /// The time now (a test sets its own).
    private let now: () -> Date
    /// Places kept in memory: all of them without a folder, else those that could not be written.
    private var memory: [String: (state: SessionState, used: Date)] = [:]
    /// What was last written for each session open now, so that an unchanged place is not written again.
    private var written: [String: SessionState] = [:]
    /// Why places are kept in memory, in the user's words, once one could not be written: the
    /// folder and what is wrong with it, never a session's file (its name is the session's id).
    package private(set) var problem: String?

    package init(folder: String?, now: @escaping () -> Date = Date.init) {
        self.folder = folder
        self.now = now
    }

    private func file(of id: String) -> String? {
        folder.map { $0 + "/" + id + ".json" }
    }

    /// What the session `id` knew, unless it was forgotten.
    package func state(of id: String) -> SessionState? {
        if let kept = memory[id] {
            guard now().timeIntervalSince(kept.used) <= Self.keptFor else {
                memory.removeValue(forKey: id)
                return nil
            }
            return kept.state
        }
        guard let path = file(of: id), let used = Self.modified(path) else { return nil }
        guard now().timeIntervalSince(used) <= Self.keptFor,
            let data = FileManager.default.contents(atPath: path),
            let state = try? JSONDecoder().decode(SessionState.self, from: data),
            state.v == SessionState.currentVersion, state.place.v == NavigationSnapshot.currentVersion
        else {
            try? FileManager.default.removeItem(atPath: path)
            return nil
        }
        // What the file holds already: a session that comes back unchanged is not written again.
        written[id] = state
        return state
    }

    /// Keeps what the session `id` knows, unless that is what was kept last.
    package func keep(_ state: SessionState, for id: String) {
        keep(state, for: id, touch: false)
    }

    /// Keeps what the session `id` knows as it closes: written even when unchanged, to say that
    /// the session was used now; nothing more is written for it until it comes back.
    package func closed(_ id: String, with state: SessionState) {
        keep(state, for: id, touch: true)
        written.removeValue(forKey: id)
    }

    private func keep(_ state: SessionState, for id: String, touch: Bool) {
        guard touch || written[id] != state else { return }
        written[id] = state
        guard let path = file(of: id), memory[id] == nil else {
            remember(state, for: id)
            return
        }
        do {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            try PrivateFile.save(try encoder.encode(state), to: path)
        } catch {
            // The folder, not the file: the file is named by a session's id, which nobody else may learn.
            if problem == nil, let folder { problem = "cannot keep where sessions are in \(folder): \(SystemError.describe(error))" }
            remember(state, for: id)
        }
    }

    /// Forgets where the session `id` was (it left with `quit`).
    package func forget(_ id: String) {
        memory.removeValue(forKey: id)
        written.removeValue(forKey: id)
        if let path = file(of: id) { try? FileManager.default.removeItem(atPath: path) }
    }

    private func remember(_ state: SessionState, for id: String) {
        memory[id] = (state, now())
        if memory.count > Self.maximumKept, let oldest = memory.min(by: { $0.value.used < $1.value.used })?.key {
            memory.removeValue(forKey: oldest)
        }
    }

    /// Forgets the places not used for ``keptFor``, and the longest unused past ``maximumKept``;
    /// the server does it at start and every hour.
    package func prune() {
        let time = now()
        memory = memory.filter { time.timeIntervalSince($0.value.used) <= Self.keptFor }
        guard let folder, let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return }
        var files: [(path: String, used: Date)] = []
        for name in names where name.hasSuffix(".json") {
            let path = folder + "/" + name
            guard let used = Self.modified(path) else { continue }
            if time.timeIntervalSince(used) > Self.keptFor {
                try? FileManager.default.removeItem(atPath: path)
            } else {
                files.append((path, used))
            }
        }
        if files.count > Self.maximumKept {
            for file in files.sorted(by: { $0.used < $1.used }).prefix(files.count - Self.maximumKept) {
                try? FileManager.default.removeItem(atPath: file.path)
            }
        }
    }

    /// When the file at `path` was last written; nil when there is none.
    private static func modified(_ path: String) -> Date? {
        (try? FileManager.default.attributesOfItem(atPath: path))?[.modificationDate] as? Date
    }
}
