#if canImport(FlowShellSSH)
import FlowShellKit
import FlowShellRuntime
import FlowShellServing
@testable import FlowShellSSH
import Foundation
import LineEditor
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// An SSH login's session as the server composes it, in this process, on a pseudo-terminal of its
/// own: the test types on the terminal's server side, as the server relays a client's keys, and
/// reads what the session shows there. Waits are on output, bounded only to tell a hang.
@MainActor
final class SSHSessionOnTerminal {
    private let terminal: PseudoTerminalPair
    private let shown = Shown()
    private var consumed = 0
    private var running: Task<Int32, Never>?
    let session: TerminalSession

    init(
        runtime: FlowRuntime, user: String = "ann", type: String = "dumb", guards: ServerGuards = ServerGuards(withholding: .terminal)
    ) throws {
        guard let terminal = PseudoTerminalPair.open(columns: 80, rows: 24) else {
            throw UserFacingError("cannot open a pseudo-terminal: \(String(cString: strerror(errno)))")
        }
        self.terminal = terminal
        guard
            let session = TerminalSession(
                id: 1, runtime: runtime, user: ConnectedUser(name: user, authenticatedBy: "SSH key SHA256:test"),
                terminal: terminal.terminal, type: type, program: "test", greeting: ("Test", "1.0"),
                guards: guards)
        else {
            throw UserFacingError("cannot start the line editor")
        }
        self.session = session
        let server = terminal.server
        let shown = self.shown
        // What the session shows is read as the server reads it: always, on a thread of its own.
        let reading = Thread {
            var buffer = [UInt8](repeating: 0, count: 4096)
            while true {
                let count = buffer.withUnsafeMutableBytes { read(server, $0.baseAddress, $0.count) }
                if count < 0 && errno == EINTR { continue }
                guard count > 0 else { break }
                let text = String(decoding: buffer[0..<count], as: UTF8.self)
                shown.text.withLock { $0 += text }
            }
        }
        reading.start()
        running = Task { await session.run() }
    }

    /// Types `text` as the client would.
    func type(_ text: String) {
        Platform.write(text, to: terminal.server)
    }

    /// Waits until `text` appears in what was shown and not yet matched; returns what was shown up to it.
    @discardableResult
    func expect(_ text: String, within bound: Duration = .seconds(120)) async throws -> String {
        let deadline = ContinuousClock.now + bound
        while ContinuousClock.now < deadline {
            let start = consumed
            let pending = shown.text.withLock { String($0.unicodeScalars.dropFirst(start)) }
            if let range = pending.range(of: text) {
                let upTo = String(pending[..<range.upperBound])
                consumed += upTo.unicodeScalars.count
                return upTo.replacingOccurrences(of: "\r", with: "")
            }
            try await Task.sleep(for: .milliseconds(10))
        }
        throw UserFacingError("timed out waiting for \(text.debugDescription); shown:\n\(shown.text.withLock { $0 })")
    }

    /// Ends the session with `quit` and returns its exit status; the terminal is closed.
    func quit(_ line: String = "quit") async -> Int32 {
        type(line + "\r")
        let status = await running?.value ?? -1
        close(terminal.terminal)
        close(terminal.server)
        return status
    }

    /// What the session showed so far, written by the reading thread.
    private final class Shown: Sendable {
        let text = Mutex("")
    }
}
#endif
