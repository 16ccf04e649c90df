import FlowCoordinator
import FlowShellKit
import FlowShellRuntime
import FlowShellServing
import Foundation
import LineEditor
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The sessions of the SSH server, on the main actor: what they share — the app's services and
/// data folder, as two terminals share them — and the sessions open now. Each session is a
/// runtime of its own on those services, who logged in its connected user, composed with the
/// core alone: the person at the other end of the connection may not be the person at this
/// machine, so nothing reaches its files or programs. Its settings (the modules' and the
/// shell's) and its history last as long as it does.
@MainActor
final class SSHSessions {
    /// What is served, and what each session is composed with beyond the core: the server's
    /// guards. The person at the other end of the connection may not be the person at this
    /// machine, so no capability reaches its files (`run FILE`, `>`, the startup file) or its
    /// programs (`shell`, `|`, the pager), and its paths are taken out of what the session shows.
    private let flow: ServedFlow
    /// The sessions running now, by number.
    private var running: [Int: any RunningSession] = [:]
    /// Sessions whose client left before they started.
    private var leftEarly: Set<Int> = []
    /// Called when the last session ends, while the server waits for them to.
    private var onAllEnded: (() -> Void)?
    /// The app's name, once ``check()`` started the flow.
    private(set) var app: String?
    /// Where each user's last session was, by user; nil: every login starts at the root.
    private var places: (any SessionStateStore)?

    init(flow: ServedFlow) {
        self.flow = flow
    }

    /// How many sessions run now.
    var count: Int { running.count }

    /// Starts a runtime on the shared services for `user`. The modules' settings are the
    /// session's, in memory: people logged in with different keys share nothing but the app's data.
    private func startRuntime(for user: ConnectedUser?) async throws(FlowRuntime.StartFailure) -> FlowRuntime {
        try await flow.startRuntime(openSettings: nil, connectedUser: user)
    }

    /// Starts the flow once, before serving, so that a config that cannot run is reported at
    /// once (and the services are set up); returns the config's warnings.
    func check() async throws(FlowRuntime.StartFailure) -> [String] {
        let runtime = try await startRuntime(for: nil)
        app = runtime.flow.manifest.app
        runtime.flow.closeAll()
        await runtime.stopPlugins()
        return runtime.warnings.map(\.description)
    }

    /// Keeps in `places` where each user's session was, so that a user's next login — on this
    /// server, after a restart, or on another server of the flow sharing its store — goes on there.
    func keepPlaces(in places: any SessionStateStore) async {
        await places.prune()
        self.places = places
    }

    /// The id a user's place is kept under: the name in hexadecimal, which no name can make a path of.
    static func placeID(of user: ConnectedUser) -> String {
        "user-" + RandomToken.hexadecimal(user.name.utf8)
    }

    /// Runs a shell for `user` on the terminal side of its pseudo-terminal, of type `type`, until
    /// it ends; the terminal is closed then, and `link` told the exit status.
    func runTerminal(_ id: Int, user: ConnectedUser, terminal: Int32, type: String, link: SessionLink) async {
        defer { close(terminal) }
        guard !leftEarly.contains(id) else { return leave(id) }
        let runtime: FlowRuntime
        do {
            runtime = try await startRuntime(for: user)
        } catch {
            Self.write(error.messages.joined(separator: "\r\n") + "\r\n", to: terminal)
            link.finish(status: error.status)
            return leave(id)
        }
        guard
            let session = TerminalSession(
                id: id, runtime: runtime, user: user, terminal: terminal, type: type, program: flow.identity.name,
                greeting: (flow.identity.title, flow.identity.version), guards: flow.guards)
        else {
            Self.write("The server cannot start a line editor on this terminal.\r\n", to: terminal)
            await Self.shutDown(runtime)
            link.finish(status: 1)
            return leave(id)
        }
        running[id] = session
        link.attach(session.control)
        let place = Self.placeID(of: user)
        if let places {
            // The user's last session's place, history, aliases and settings, before the first screen shows.
            if let kept = await places.state(of: place) { await session.resume(kept) }
            session.placeMayHaveChanged = { [weak session] in
                guard let state = session?.state else { return }
                Task { await places.keep(state, for: place) }
            }
        }
        // A client that left while the session started: it ends at once.
        if leftEarly.contains(id) { session.hangUp() }
        let status = await session.run()
        await places?.closed(place, with: session.state)
        await Self.shutDown(runtime)
        link.finish(status: status)
        leave(id)
    }

    /// Runs `line` for `user` as a script would, sending its output through `link`, which is told
    /// its exit status. With a terminal asked for (`ssh -t`), its text is fitted to `columns` and
    /// styled as `terminalType` allows; without, it is plain.
    func runCommand(_ id: Int, user: ConnectedUser, line: String, columns: Int?, terminalType: String?, link: SessionLink) async {
        guard !leftEarly.contains(id) else { return leave(id) }
        let runtime: FlowRuntime
        do {
            runtime = try await startRuntime(for: user)
        } catch {
            link.send(Array((error.messages.joined(separator: "\n") + "\n").utf8), toStandardError: true)
            link.finish(status: error.status)
            return leave(id)
        }
        let session = CommandSession(
            ServedSession(frontEnd: "ssh exec", id: String(id), user: user.name), runtime: runtime, link: link, columns: columns,
            terminalType: terminalType, guards: flow.guards)
        running[id] = session
        let status = await session.run(line)
        await Self.shutDown(runtime)
        link.finish(status: status)
        leave(id)
    }

    /// Ctrl-C while a command of session `id` runs: that command is cancelled.
    func interrupt(_ id: Int) {
        running[id]?.interrupt()
    }

    /// The client of session `id` left: what it runs is cancelled, and it ends.
    func hangUp(_ id: Int) {
        if let session = running[id] {
            session.hangUp()
        } else {
            leftEarly.insert(id)
        }
    }

    /// Waits until every session has ended, at most `limit`.
    func waitForAll(atMost limit: Duration) async {
        guard !running.isEmpty else { return }
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            var resumed = false
            let resume = {
                guard !resumed else { return }
                resumed = true
                continuation.resume()
            }
            onAllEnded = resume
            Task { @MainActor in
                try? await Task.sleep(for: limit)
                resume()
            }
        }
        onAllEnded = nil
    }

    private func leave(_ id: Int) {
        running[id] = nil
        leftEarly.remove(id)
        if running.isEmpty { onAllEnded?() }
    }

    private static func shutDown(_ runtime: FlowRuntime) async {
        runtime.flow.closeAll()
        await runtime.stopPlugins()
    }

    private static func write(_ text: String, to descriptor: Int32) {
        Platform.write(text, to: descriptor)
    }
}

/// A session the server runs: a shell or a command.
@MainActor
protocol RunningSession: AnyObject {
    /// Ctrl-C: cancels the command in the foreground.
    func interrupt()
    /// The client left: what runs is cancelled, and the session ends.
    func hangUp()
}
