import FlowCoordinator
import FlowShellKit

/// A settings store that keeps, for this session, what its storage cannot: a value that cannot
/// be saved (a read-only folder, a full disk) is kept in memory and read back from there, so
/// that signing in still signs in — settings that cannot be kept last the session, as the docs
/// promise — and the session is warned once (``SessionNotices``); settings that cannot be read
/// are warned of too, never read as none in silence.
@MainActor
final class SessionKeptStore: KeyValueStore {
    private let stored: any KeyValueStore
    private let storage: any SettingsStorage
    private let notices: SessionNotices
    /// What could not be saved, by key (nil: removed).
    private var kept: [String: String?] = [:]

    init(_ stored: any KeyValueStore, of storage: any SettingsStorage, notices: SessionNotices) {
        self.stored = stored
        self.storage = storage
        self.notices = notices
    }

    func value(for key: String) -> String? {
        if let value = kept[key] { return value }
        let value = stored.value(for: key)
        if value == nil, let problem = storage.readProblem { notices.settingsNotRead(problem) }
        return value
    }

    func setValue(_ value: String?, for key: String) {
        do {
            try stored.setValue(value, for: key)
            kept[key] = nil
        } catch {
            kept[key] = .some(value)
            notices.settingsNotKept(UserFacingError.message(for: error))
        }
    }
}

/// What a session has to say that no line asked for, said after the line it happened in.
@MainActor
final class SessionNotices {
    private var waiting: [Notice] = []
    private var settingsWarned = false
    private var settingsReadWarned = false

    /// A setting could not be kept (why, in the user's words): said once a session.
    func settingsNotKept(_ reason: String) {
        guard !settingsWarned else { return }
        settingsWarned = true
        waiting.append(Notice(.warning, "\(reason); settings last this session only — choose another folder with --data-dir"))
    }

    /// The settings could not be read (why, in the user's words): said once a session.
    func settingsNotRead(_ reason: String) {
        guard !settingsReadWarned else { return }
        settingsReadWarned = true
        waiting.append(
            Notice(.warning, "\(reason); the app goes on without them (signed out, say) — choose another folder with --data-dir"))
    }

    /// What waits to be said; cleared.
    func take() -> [Notice] {
        defer { waiting = [] }
        return waiting
    }
}
