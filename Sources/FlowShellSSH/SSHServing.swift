import FlowShellKit
import FlowShellRuntime
import FlowShellServing
import Foundation
import NIOCore
import ServiceLifecycle

/// Serving a flow over SSH, as the server program (`serve --ssh`) composes it: the host key
/// (made on the first start), who may log in, the bounds, and the sessions on the app's shared
/// services. ``prepare(_:)`` checks all of it before anything listens.
package enum SSHServing {
    /// What the server program was asked for.
    package struct Request {
        /// What is served (as the browser's server serves it, when both serve).
        package var flow: ServedFlow
        package var paths: StatePaths
        package var host: String
        package var port: Int
        /// `--authorized-keys FILE`; nil: the shell's own, in its config folder.
        package var authorizedKeys: String?
        /// Seconds without a key before a session ends; 0: never.
        package var idleTimeout: Int
        /// Seconds a connection has to open its first session.
        package var loginTimeout: Int
        /// The files the process may open (its raised limit), which bounds the sessions.
        package var descriptorLimit: Int
        /// Where the server says what is wrong in the authorized-keys file while it runs.
        package var report: @Sendable (String) -> Void
        /// Whether a login goes on where its user's last session was (else it starts at the root).
        package var keepsPlaces: Bool

        package init(
            flow: ServedFlow, paths: StatePaths, host: String, port: Int, authorizedKeys: String?, idleTimeout: Int,
            loginTimeout: Int, descriptorLimit: Int, keepsPlaces: Bool = true, report: @escaping @Sendable (String) -> Void
        ) {
            self.keepsPlaces = keepsPlaces
            self.flow = flow
            self.paths = paths
            self.host = host
            self.port = port
            self.authorizedKeys = authorizedKeys
            self.idleTimeout = idleTimeout
            self.loginTimeout = loginTimeout
            self.descriptorLimit = descriptorLimit
            self.report = report
        }
    }

    /// A server ready to run, and what to tell the person who started it.
    package struct Prepared {
        /// The server, a service of the program's group.
        package let service: any Service
        /// The lines to print before it runs (the host key, who may log in, warnings).
        package let lines: [String]
    }

    /// Why the server cannot start, with the process's exit status.
    package struct Failure: Error {
        package let messages: [String]
        package let status: Int32
    }

    /// The host key (made now when there is none), the keys, the sessions, and the server;
    /// `listening` is called with the port once it listens.
    @MainActor
    package static func prepare(_ request: Request, listening: @escaping @Sendable (Int) async -> Void) async throws(Failure) -> Prepared {
        guard let hostKeyPath = request.paths.sshHostKeyFile else {
            throw Failure(messages: ["error: no home folder (HOME) to keep the SSH host key in"], status: 1)
        }
        guard let keysPath = request.authorizedKeys ?? request.paths.authorizedKeysFile else {
            throw Failure(messages: ["error: no home folder (HOME) for the authorized keys; name a file with --authorized-keys"], status: 1)
        }
        let keys = AuthorizedKeysFile(path: keysPath, report: request.report)
        let sessions = SSHSessions(flow: request.flow)
        var lines: [String] = []
        do {
            for warning in try await sessions.check() { lines.append(warning) }
        } catch {
            throw Failure(messages: error.messages, status: error.status)
        }
        let hostKey: HostKey
        let keptWhere: String
        do {
            let hostName = ProcessInfo.processInfo.hostName.split(separator: ".").first.map(String.init) ?? "localhost"
            let comment = "\(request.flow.identity.name)@\(hostName)"
            if let shared = request.flow.shared, let app = sessions.app {
                hostKey = try await HostKey.shared(in: shared, app: app, seed: hostKeyPath, comment: comment)
                keptWhere = ", shared by the flow's servers through its database"
            } else {
                let (key, made) = try HostKey.loadOrMake(at: hostKeyPath, comment: comment)
                (hostKey, keptWhere) = (key, made ? ", made now in \(hostKeyPath)" : "")
            }
        } catch {
            throw Failure(messages: ["error: \(error.message)"], status: 1)
        }
        if request.keepsPlaces, let app = sessions.app {
            // Where each user was: in the state folder, or for every server of the flow in its shared store.
            let places = request.flow.shared?.sessionStates(app: app, kind: "ssh-user")
            await sessions.keepPlaces(
                in: places ?? FolderSessionStates(folder: request.paths.directory(app: app).map { $0 + "/ssh-users" }))
        }
        guard
            let bounds = SSHBounds(
                descriptorLimit: request.descriptorLimit,
                idleTimeout: request.idleTimeout > 0 ? .seconds(Int64(request.idleTimeout)) : nil,
                loginTimeout: .seconds(Int64(request.loginTimeout)))
        else {
            throw Failure(messages: ["error: this process may open too few files to serve SSH (ulimit -n); raise the limit"], status: 1)
        }
        if let warning = bounds.warning { lines.append(warning) }
        lines.append("SSH host key: \(hostKey.fingerprintLine)" + keptWhere)
        // Read now, so that what is wrong in it is said at start.
        let (count, users) = keys.keys.summary
        lines.append(
            "Logging in: \(count) key\(count == 1 ? "" : "s") for \(users) user\(users == 1 ? "" : "s") in \(keysPath)"
                + (count == 0 ? " — add a line for each (ssh-ed25519 AAAA… alice); it is read again at each login" : ""))
        if !isLoopback(request.host) {
            lines.append("Listening on \(request.host): other machines can reach this server; only the keys listed log in.")
        }
        let state = SSHServerState(bounds: bounds, keys: keys, sessions: sessions)
        let server = SSHServer(host: request.host, port: request.port, hostKey: hostKey, state: state, listening: listening)
        return Prepared(service: server, lines: lines)
    }

    /// Keeps the process's allocations in one arena of glibc's allocator, so that what a session
    /// frees is what the next one takes (``MallocArenas``). Call it first thing, before the
    /// process has threads: a thread that allocated before keeps an arena of its own.
    package static func useOneMallocArena() {
        MallocArenas.useOne()
    }

    /// Whether `host` is reachable from this machine alone.
    static func isLoopback(_ host: String) -> Bool {
        host == "localhost" || host == "::1" || host == "[::1]" || host.hasPrefix("127.")
    }
}
