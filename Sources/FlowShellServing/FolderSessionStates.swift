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
    /// How long a tab's place is kept after it was last used: a week.
    package static let keptFor: TimeInterval = 7 * 24 * 60 * 60
    /// At most this many tabs' places are kept.
    package static let maximumKept = 10_000

    /// The folder of the files; nil: memory only.
    package let folder: String?
    /// The time now (a test sets its own).
    private let now: () -> Date
    /// Places kept in memory: all of them without a folder, else those that could not be written.
    private var memory: [String: (state: SessionState, used: Date)] = [:]
    /// What was last written for each tab open now, so that an unchanged place is not written again.
    private var written: [String: SessionState] = [:]
    /// Why places are kept in memory, in the user's words, once one could not be written: the
    /// folder and what is wrong with it, never a tab's file (its name is the tab's id).
    package private(set) var problem: String?

    package init(folder: String?, now: @escaping () -> Date = Date.init) {
        self.folder = folder
        self.now = now
    }

    private func file(of tab: String) -> String? {
        folder.map { $0 + "/" + tab + ".json" }
    }

    /// What `tab`'s session knew, unless it was forgotten.
    package func state(of tab: String) -> SessionState? {
        if let kept = memory[tab] {
            guard now().timeIntervalSince(kept.used) <= Self.keptFor else {
                memory.removeValue(forKey: tab)
                return nil
            }
            return kept.state
        }
        guard let path = file(of: tab), let used = Self.modified(path) else { return nil }
        guard now().timeIntervalSince(used) <= Self.keptFor,
            let data = FileManager.default.contents(atPath: path),
            let state = try? JSONDecoder().decode(SessionState.self, from: data),
            state.v == SessionState.currentVersion, state.place.v == NavigationSnapshot.currentVersion
        else {
            try? FileManager.default.removeItem(atPath: path)
            return nil
        }
        return state
    }

    /// Keeps what `tab`'s session knows, unless that is what was kept last.
    package func keep(_ state: SessionState, for tab: String) {
        keep(state, for: tab, touch: false)
    }

    /// Keeps what `tab`'s session knows as it closes: written even when unchanged, to say that
    /// the tab was used now; nothing more is written for it until it comes back.
    package func closed(_ tab: String, with state: SessionState) {
        keep(state, for: tab, touch: true)
        written.removeValue(forKey: tab)
    }

    private func keep(_ state: SessionState, for tab: String, touch: Bool) {
        guard touch || written[tab] != state else { return }
        written[tab] = state
        guard let path = file(of: tab), memory[tab] == nil else {
            remember(state, for: tab)
            return
        }
        do {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            try PrivateFile.save(try encoder.encode(state), to: path)
        } catch {
            // The folder, not the file: the file is named by a tab's id, which no other tab may learn.
            if problem == nil, let folder { problem = "cannot keep where tabs are in \(folder): \(SystemError.describe(error))" }
            remember(state, for: tab)
        }
    }

    /// Forgets where `tab` was (it left with `quit`).
    package func forget(_ tab: String) {
        memory.removeValue(forKey: tab)
        written.removeValue(forKey: tab)
        if let path = file(of: tab) { try? FileManager.default.removeItem(atPath: path) }
    }

    private func remember(_ state: SessionState, for tab: String) {
        memory[tab] = (state, now())
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
