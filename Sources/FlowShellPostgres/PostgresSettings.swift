import FlowShellKit
import FlowShellRuntime
import FlowShellServing
import PostgresNIO

/// An app's modules' settings in PostgreSQL (`flowshell_settings`), which every server of the flow
/// reads. Modules read and write settings at once (``KeyValueStore`` does not wait), so this
/// server holds them in memory: ``refresh()`` reads them all again, and each change is kept in
/// the database after it is made, one at a time and in order. A change the database did not take
/// stays in memory, is tried again when the database answers again or with the next change, and
/// ``readProblem`` says why, as the data
/// folder's settings say why they cannot be read. Each change kept is told with `NOTIFY` (on the
/// records' channel, under a name no module's collection has), and every server reads the
/// settings again when told, so that a change made through one server reaches the tabs open on
/// another. A session starting (``current()``) reads them again only when this server may have
/// missed a change: while it listens, and has read them since it began to, what it holds is what
/// the database holds, and tabs coming back together after another server's death start without
/// a read each.
@MainActor
final class PostgresSettings: SharedSettingsStorage {
    private let app: String
    private let client: PostgresClient
    /// Each request's bound on waiting for a connection.
    private let availability: PostgresAvailability
    private let place: String
    /// The settings as this server knows them, by module and key.
    private var values: [String: [String: String]] = [:]
    /// Changes made here and not yet kept, by module and key (nil: removed).
    private var unkept: [Setting: String?] = [:]
    /// The last write begun: each waits for the one before, so that the newest value is kept last.
    private var lastWrite: Task<Void, Never>?
    /// The read going on now: sessions starting together share it.
    private var reading: Task<Void, Never>?
    /// How many reads were asked for, and of those how many a finished read answered: a read
    /// answers those asked before it began, not one asked while it ran (a change told meanwhile
    /// may have been committed after it read).
    private var asked = 0
    private var answered = 0
    /// The listener's turn of listening since whose start the settings were read without a
    /// problem (nil: not since its last start, or a read failed).
    private var readInTurn: Int?
    private let listener: PostgresRecordListener
    private(set) var readProblem: String?

    private struct Setting: Hashable {
        let module: String
        let key: String
    }

    /// The name the settings' changes are told under, beside the records' collections.
    static let notifiedAs = "@settings"

    /// Reads the settings again whenever any server tells of a change (and once it listens).
    private var following: Task<Void, Never>?

    init(app: String, client: PostgresClient, availability: PostgresAvailability, listener: PostgresRecordListener) {
        self.app = app
        self.client = client
        self.availability = availability
        self.place = availability.place
        self.listener = listener
        availability.onBack { [weak self] in await self?.keepUnkept() }
        let changes = listener.follow(app: app, collection: Self.notifiedAs)
        following = Task { [weak self, listener] in
            for await _ in changes {
                // Taken before the read begins: the read covers what was committed before then,
                // and what is committed after is told in this turn.
                let turn = listener.listeningTurn
                guard let self else { return }
                await self.refresh()
                if self.readProblem == nil, let turn { self.readInTurn = max(turn, self.readInTurn ?? turn) }
            }
        }
    }

    func store(forModule module: String) -> any KeyValueStore {
        ModuleSettings(settings: self, module: module)
    }

    func refresh() async {
        asked += 1
        let mine = asked
        while answered < mine {
            if reading == nil {
                let covers = asked
                reading = Task {
                    await read()
                    answered = max(answered, covers)
                    reading = nil
                }
            }
            await reading?.value
        }
    }

    func current() async {
        guard let turn = listener.listeningTurn, turn == readInTurn, readProblem == nil else {
            await refresh()
            return
        }
        // Following every change: only a read begun for one told already is waited for.
        while answered < asked, let reading { await reading.value }
    }

    func settled() async {
        await lastWrite?.value
    }

    fileprivate func value(of module: String, for key: String) -> String? {
        values[module]?[key]
    }

    fileprivate func set(_ value: String?, of module: String, for key: String) {
        values[module, default: [:]][key] = value
        unkept[Setting(module: module, key: key)] = .some(value)
        keepUnkept()
    }

    /// Keeps the changes not kept yet, after the writes begun before.
    private func keepUnkept() {
        guard !unkept.isEmpty else { return }
        let previous = lastWrite
        lastWrite = Task {
            await previous?.value
            await writeUnkept()
        }
    }

    private func read() async {
        do {
            var read: [String: [String: String]] = [:]
            let rows = try await availability.rows(client, "SELECT module, key, value FROM flowshell_settings WHERE app = \(app)")
            for row in rows {
                let (module, key, value) = try row.decode((String, String, String).self)
                read[module, default: [:]][key] = value
            }
            // What this server changed and has not kept yet is newer than what was read.
            for (setting, value) in unkept {
                read[setting.module, default: [:]][setting.key] = value
            }
            values = read
            readProblem = nil
        } catch {
            readInTurn = nil
            readProblem = "the settings in \(place) cannot be read: " + PostgresProblem.describe(error, at: nil)
        }
    }

    /// Keeps every change not kept yet, each as it is now.
    private func writeUnkept() async {
        for (setting, value) in unkept {
            do {
                // The change and its notice are one statement, so one transaction: the notice is
                // sent as the change commits, never before and never without it.
                let notice = PostgresRecordListener.payload(app: app, collection: Self.notifiedAs, key: setting.module)
                let channel = PostgresRecordListener.channel
                if let value {
                    _ = try await availability.rows(
                        client,
                        """
                        WITH kept AS (
                            INSERT INTO flowshell_settings (app, module, key, value) VALUES (\(app), \(setting.module), \(setting.key), \(value))
                            ON CONFLICT (app, module, key) DO UPDATE SET value = EXCLUDED.value RETURNING 1)
                        SELECT pg_notify(\(channel), \(notice)) FROM (SELECT count(*) FROM kept) AS done
                        """)
                } else {
                    _ = try await availability.rows(
                        client,
                        """
                        WITH gone AS (
                            DELETE FROM flowshell_settings WHERE app = \(app) AND module = \(setting.module) AND key = \(setting.key) RETURNING 1)
                        SELECT pg_notify(\(channel), \(notice)) FROM (SELECT count(*) FROM gone) AS done
                        """)
                }
                // A change made while this one was written waits for the next write.
                if unkept[setting] == .some(value) { unkept.removeValue(forKey: setting) }
                readProblem = nil
            } catch {
                readProblem = "the settings cannot be kept in \(place): " + PostgresProblem.describe(error, at: nil)
                return
            }
        }
    }
}

/// One module's settings among an app's in PostgreSQL.
@MainActor
private final class ModuleSettings: KeyValueStore {
    private let settings: PostgresSettings
    private let module: String

    init(settings: PostgresSettings, module: String) {
        self.settings = settings
        self.module = module
    }

    func value(for key: String) -> String? {
        settings.value(of: module, for: key)
    }

    func setValue(_ value: String?, for key: String) {
        settings.set(value, of: module, for: key)
    }
}
