import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A PostgreSQL server of a test's own: a cluster made in a scratch folder (as an unprivileged
/// user when the tests run as root, since initdb refuses root), listening on a free port of
/// loopback with trust for the local user `flowshell`; ``with(_:)`` starts one for a test and
/// stops and removes it after.
package final class ScratchPostgres: Sendable {
    /// Why there is no server to test with, in words that say what to install.
    package struct Unavailable: Error, CustomStringConvertible {
        package let description: String
    }

    package let folder: URL
    package let port: Int
    private let binaries: URL
    private let owner: String?

    /// The address of its database `postgres`, as `--database` takes it.
    package var address: String { "postgres://flowshell@127.0.0.1:\(port)/postgres" }

    /// Runs `body` with a server of its own, stopped and removed after.
    package static func with<Result>(
        isolation: isolated (any Actor)? = #isolation, _ body: (ScratchPostgres) async throws -> Result
    ) async throws -> Result {
        let server = try await ScratchPostgres()
        do {
            let result = try await body(server)
            await server.stop()
            return result
        } catch {
            await server.stop()
            throw error
        }
    }

    /// Makes and starts a cluster.
    private init() async throws {
        guard let binaries = Self.binaries() else {
            throw Unavailable(
                description:
                    "PostgreSQL's server is not installed (Debian: apt-get install postgresql; scripts/install-postgres-test-deps.sh)")
        }
        self.binaries = binaries
        folder = try FlowShellBinary.temporaryFolder()
        port = try Self.freePort()
        owner = geteuid() == 0 ? "postgres" : nil
        if let owner {
            try await Self.run(URL(fileURLWithPath: "/bin/chown"), ["-R", owner, folder.path], as: nil)
        }
        try await run("initdb", ["-D", data, "-U", "flowshell", "--auth=trust", "--no-sync", "-E", "UTF8", "--locale=C"])
        try await start()
    }

    private var data: String { folder.appendingPathComponent("data").path }

    /// Starts the server (again, after ``pause()``), on the same port.
    package func start() async throws {
        let options = "-p \(port) -c listen_addresses=127.0.0.1 -k \(folder.path) -c fsync=off"
        try await run("pg_ctl", ["-D", data, "-l", folder.appendingPathComponent("log").path, "-w", "-t", "120", "-o", options, "start"])
    }

    /// Stops the server, keeping its data, until ``start()``.
    package func pause() async throws {
        try await run("pg_ctl", ["-D", data, "-m", "fast", "-w", "-t", "120", "stop"])
    }

    /// Stops the server and removes its folder.
    private func stop() async {
        try? await run("pg_ctl", ["-D", data, "-m", "immediate", "-w", "-t", "120", "stop"])
        try? FileManager.default.removeItem(at: folder)
    }

    private func run(_ tool: String, _ arguments: [String]) async throws {
        try await Self.run(binaries.appendingPathComponent(tool), arguments, as: owner)
    }

    /// Runs `tool` on a thread of its own, waiting for it with waitpid: Foundation's `Process`
    /// waits for the end of a socket its child inherits, which the server pg_ctl starts holds
    /// for its whole life.
    private static func run(_ tool: URL, _ arguments: [String], as owner: String?) async throws {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            Thread { continuation.resume(with: Result { try runWaiting(tool, arguments, as: owner) }) }.start()
        }
    }

    private static func runWaiting(_ tool: URL, _ arguments: [String], as owner: String?) throws {
        let command = (owner.map { ["/usr/sbin/runuser", "-u", $0, "--"] } ?? []) + [tool.path] + arguments
        let said = FileManager.default.temporaryDirectory.appendingPathComponent("postgres-\(UUID().uuidString).out").path
        defer { try? FileManager.default.removeItem(atPath: said) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, said, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        let argv = command.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var child: pid_t = 0
        let spawned = posix_spawn(&child, command[0], &actions, nil, argv, environ)
        guard spawned == 0 else { throw Unavailable(description: "cannot run \(command[0]): \(String(cString: strerror(spawned)))") }
        var status: Int32 = 0
        while waitpid(child, &status, 0) == -1, errno == EINTR {}
        // Exited with 0: WIFEXITED and WEXITSTATUS, which Swift does not import (macros).
        guard status & 0xFFFF == 0 else {
            let text = (try? String(contentsOfFile: said, encoding: .utf8)) ?? ""
            throw Unavailable(description: "\(tool.lastPathComponent) failed (status \(status)): \(text)")
        }
    }

    /// The folder of PostgreSQL's server programs: FLOWSHELL_POSTGRES_BIN, else Debian's newest.
    private static func binaries() -> URL? {
        if let given = ProcessInfo.processInfo.environment["FLOWSHELL_POSTGRES_BIN"] { return URL(fileURLWithPath: given) }
        let root = "/usr/lib/postgresql"
        let versions = (try? FileManager.default.contentsOfDirectory(atPath: root)) ?? []
        guard let newest = versions.compactMap(Int.init).max() else { return nil }
        let folder = URL(fileURLWithPath: "\(root)/\(newest)/bin")
        return FileManager.default.isExecutableFile(atPath: folder.appendingPathComponent("pg_ctl").path) ? folder : nil
    }

    /// A port of loopback nothing listens on now.
    package static func freePort() throws -> Int {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { throw Unavailable(description: "no socket for a free port") }
        defer { close(socket) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socket, $0, length) == 0 && getsockname(socket, $0, &length) == 0 }
        }
        guard bound else { throw Unavailable(description: "no free port on loopback") }
        return Int(UInt16(bigEndian: address.sin_port))
    }
}
