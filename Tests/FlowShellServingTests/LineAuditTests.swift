import FlowShellRuntime
import FlowShellServing
import Foundation
import Testing

/// A server that keeps an audit log has each line of its sessions in it: who, through which
/// front end, the line as it ran, and whether it failed.
@MainActor
@Suite struct LineAuditTests {
    private func scratchFile() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("audit-\(UUID().uuidString).jsonl").path
    }

    private func records(in path: String) throws -> [AuditLog.Record] {
        let text = try String(contentsOfFile: path, encoding: .utf8)
        return try text.split(separator: "\n").map { try JSONDecoder().decode(AuditLog.Record.self, from: Data($0.utf8)) }
    }

    @Test(.timeLimit(.minutes(5)))
    func eachLineIsRecordedWithItsSessionAndWhetherItFailed() async throws {
        let path = scratchFile()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let log = try AuditLog(path: path) { Issue.record("unexpected report: \($0)") }
        let guards = ServerGuards(withholding: [], redaction: PathRedaction(rootFolders: []), audit: log)
        let served = ServedSession(frontEnd: "ssh", id: "7", user: "ann")
        let (loop, _, running) = try await servedSession(handlers: guards.lineHandlers(for: served))
        for (id, line) in ["count", "fail", "nosuch", "!1"].enumerated() {
            _ = await loop.enter(line, id: id)
        }
        loop.feed.yield(.end)
        _ = await running.value
        await log.flush()
        let kept = try records(in: path)
        // `!1` is recorded as the line it ran.
        #expect(kept.map(\.line) == ["count", "fail", "nosuch", "count"])
        #expect(kept.map(\.failed) == [false, true, true, false])
        #expect(kept.allSatisfy { $0.frontEnd == "ssh" && $0.session == "7" && $0.user == "ann" })
        // Each record's time is a moment in ISO 8601.
        #expect(kept.allSatisfy { (try? Date.ISO8601FormatStyle(includingFractionalSeconds: true).parse($0.time)) != nil })
        // The log is the server's owner's alone to read.
        let permissions = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
        #expect(permissions == 0o600)
    }

    @Test func aLogThatCannotBeOpenedIsSaidInTheUsersWords() throws {
        let missingFolder = FileManager.default.temporaryDirectory.appendingPathComponent("no-such-\(UUID().uuidString)/audit.jsonl").path
        #expect {
            _ = try AuditLog(path: missingFolder) { _ in }
        } throws: { error in
            (error as? AuditLogError)?.message == "cannot write the audit log '\(missingFolder)': No such file or directory"
        }
    }

    @Test func recordsAreAddedToWhatTheFileHeld() async throws {
        let path = scratchFile()
        defer { try? FileManager.default.removeItem(atPath: path) }
        try Data("{\"earlier\": true}\n".utf8).write(to: URL(fileURLWithPath: path))
        let log = try AuditLog(path: path) { _ in }
        log.add(.init(time: "t", frontEnd: "browser", session: "tab", user: nil, line: "where", failed: false))
        await log.flush()
        let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines[0] == "{\"earlier\": true}")
        #expect(lines[1] == #"{"failed":false,"frontEnd":"browser","line":"where","session":"tab","time":"t"}"#)
    }
}
