import Foundation

/// Where a server writes what its sessions' people typed (`serve --audit-log FILE`): one JSON
/// record a line, added to the end of the file (JSON Lines), so that an operator can see who
/// ran what, through which front end, and whether it failed. Records are written in order, off
/// the sessions' actor; a write the system refuses (a full disk) is said once, and the server
/// goes on.
public final class AuditLog: Sendable {
    /// One line a session ran.
    public struct Record: Codable, Sendable, Equatable {
        /// When it was entered (ISO 8601, UTC).
        public var time: String
        /// Through which front end (`browser`, `ssh`, `ssh exec`, `agent`).
        public var frontEnd: String
        /// Which session: a tab's id, a login's number, the first characters of an agent's handle.
        public var session: String
        /// Who, when the front end knows (an SSH user's name).
        public var user: String?
        /// The line as it ran (a `!N` recalled already).
        public var line: String
        /// Whether it failed (an error said, a refusal, a cancel).
        public var failed: Bool

        /// The record of `line`, run in `session` of `frontEnd` by `user` at `time`.
        public init(time: String, frontEnd: String, session: String, user: String?, line: String, failed: Bool) {
            self.time = time
            self.frontEnd = frontEnd
            self.session = session
            self.user = user
            self.line = line
            self.failed = failed
        }
    }

    private let descriptor: Int32
    private let path: String
    private let queue = DispatchQueue(label: "flowshell.audit-log")
    private let report: @Sendable (String) -> Void
    private let refused = Refusal()

    /// Opens `path` to add records to (made, readable by its owner only, when missing); throws
    /// in the user's words when it cannot be. `report` is told, once, when a write fails.
    public init(path: String, report: @escaping @Sendable (String) -> Void) throws(AuditLogError) {
        let descriptor = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            throw AuditLogError(message: "cannot write the audit log '\(path)': \(String(cString: strerror(errno)))")
        }
        self.descriptor = descriptor
        self.path = path
        self.report = report
    }

    deinit {
        close(descriptor)
    }

    /// Adds `record` to the end of the log.
    public func add(_ record: Record) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        guard var encoded = try? encoder.encode(record) else { return }
        encoded.append(UInt8(ascii: "\n"))
        let bytes = encoded
        queue.async { [self] in
            // One write a record, with O_APPEND: records of concurrent writers never interleave.
            let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            if written != bytes.count, refused.first() {
                report(
                    "warning: the audit log '\(path)' could not be written (\(String(cString: strerror(errno)))); lines are not audited while that lasts"
                )
            }
        }
    }

    /// Returns once every record added so far is written.
    public func flush() async {
        await withCheckedContinuation { done in queue.async { done.resume() } }
    }

    /// Whether a refusal was said already.
    private final class Refusal: @unchecked Sendable {
        // Touched only on the log's queue.
        private var said = false
        func first() -> Bool {
            defer { said = true }
            return !said
        }
    }
}

/// Why an audit log could not be opened, in the user's words.
public struct AuditLogError: Error, Sendable {
    /// What to tell.
    public let message: String
}
