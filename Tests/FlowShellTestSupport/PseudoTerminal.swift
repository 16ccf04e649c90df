import CPseudoTerminal
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Runs a program on a new pseudo-terminal, as if a person were typing at it: the program's
/// stdin, stdout and stderr are the terminal, in a session of its own, so Ctrl-C reaches it
/// as SIGINT. Tests wait for output, never for time: every wait has a bound, but only to tell a
/// hang from a slow machine, so it is generous (`livenessBound`) and no test should set less.
package final class PseudoTerminal {
    package struct Timeout: Error, CustomStringConvertible {
        package var waitingFor: String
        package var screen: String
        package var description: String { "timed out waiting for \(waitingFor.debugDescription); the screen so far:\n\(screen)" }
    }

    package struct Failure: Error, CustomStringConvertible {
        package var description: String
    }

    /// How long to wait for output before calling the program hung: far beyond what a busy
    /// machine needs, since a slow machine must not fail a test.
    package static let livenessBound: Duration = .seconds(120)

    private let master: Int32
    package let pid: pid_t
    /// Everything the program has written so far.
    package private(set) var transcript = ""
    private var consumed = 0

    package init(
        executable: String, arguments: [String], environment: [String: String], directory: String,
        rows: Int = 40, columns: Int = 100
    ) throws {
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var descriptor: Int32 = -1
        let child = fs_spawn_on_pseudo_terminal(&descriptor, Int32(rows), Int32(columns), executable, argv, envp, directory)
        guard child > 0 else {
            throw Failure(description: "cannot start \(executable) on a pseudo-terminal: \(String(cString: strerror(errno)))")
        }
        master = descriptor
        pid = child
    }

    deinit {
        kill(pid, SIGKILL)
        var status: Int32 = 0
        waitpid(pid, &status, 0)
        close(master)
    }

    /// Types text (control characters included: "\t", "\u{03}", "\u{1B}[A").
    package func type(_ text: String) {
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
            if written < 0 && errno == EINTR { continue }
            if written <= 0 { return }
            bytes = bytes.dropFirst(written)
        }
    }

    /// Pastes a long ASCII text: typed in pieces, with what the program shows between them
    /// read, as a terminal does, so that neither side waits for the other.
    package func paste(_ text: String) {
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let piece = bytes.prefix(4096)
            type(String(decoding: piece, as: UTF8.self))
            bytes = bytes.dropFirst(piece.count)
            readAvailable(waitingAtMost: .zero)
        }
    }

    /// Waits until `text` appears in output not yet matched, and returns the output up to it.
    @discardableResult
    package func expect(_ text: String, timeout: Duration = livenessBound) throws -> String {
        let deadline = ContinuousClock.now + timeout
        while true {
            let pending = String(transcript.unicodeScalars.dropFirst(consumed))
            if let range = pending.range(of: text) {
                let upTo = String(pending[..<range.upperBound])
                consumed += upTo.unicodeScalars.count
                return upTo
            }
            let remaining = deadline - ContinuousClock.now
            guard remaining > .zero else { throw Timeout(waitingFor: text, screen: transcript) }
            readAvailable(waitingAtMost: remaining)
        }
    }

    /// Waits until a row of the screen, as a person sees it (``TerminalScreen``), contains
    /// `text` (its trailing spaces aside); returns the screen then. For what a line editor
    /// draws in pieces.
    @discardableResult
    package func expectOnScreen(
        _ text: String, rows: Int = 24, columns: Int = 80, timeout: Duration = livenessBound
    ) throws -> TerminalScreen {
        let deadline = ContinuousClock.now + timeout
        // A row's trailing blanks are not told apart from the empty cells after it.
        var wanted = text
        while wanted.last == " " { wanted.removeLast() }
        while true {
            let screen = TerminalScreen(rows: rows, columns: columns, showing: transcript)
            if screen.lines.contains(where: { $0.contains(wanted) }) {
                consumed = transcript.unicodeScalars.count
                return screen
            }
            let remaining = deadline - ContinuousClock.now
            guard remaining > .zero else { throw Timeout(waitingFor: text, screen: screen.lines.joined(separator: "\n")) }
            readAvailable(waitingAtMost: remaining)
        }
    }

    /// Waits for the program to end and returns its exit status (or 128 + signal).
    package func waitForExit(timeout: Duration = livenessBound) throws -> Int32 {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            var status: Int32 = 0
            let result = waitpid(pid, &status, WNOHANG)
            if result < 0 {
                throw Failure(description: "waitpid failed: \(String(cString: strerror(errno)))")
            }
            if result == pid {
                readAvailable(waitingAtMost: .zero)
                let signal = status & 0x7F
                return signal == 0 ? (status >> 8) & 0xFF : 128 + signal
            }
            readAvailable(waitingAtMost: .milliseconds(50))
        }
        throw Timeout(waitingFor: "the program to exit", screen: transcript)
    }

    /// Whether the terminal is in its normal (canonical, echoing) mode, as a program leaves
    /// it when it ends; a line editor switches it off while it reads.
    package var isInNormalMode: Bool {
        var modes = termios()
        guard tcgetattr(master, &modes) == 0 else { return false }
        return modes.c_lflag & tcflag_t(ICANON) != 0 && modes.c_lflag & tcflag_t(ECHO) != 0
    }

    /// Whether the program is still running.
    package var isRunning: Bool {
        var status: Int32 = 0
        return waitpid(pid, &status, WNOHANG) == 0
    }

    private var undecoded: [UInt8] = []

    private func readAvailable(waitingAtMost duration: Duration) {
        var descriptor = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
        let milliseconds = Int32(min(duration.components.seconds * 1000 + duration.components.attoseconds / 1_000_000_000_000_000, 60_000))
        guard poll(&descriptor, 1, max(0, milliseconds)) > 0 else { return }
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = buffer.withUnsafeMutableBytes { read(master, $0.baseAddress, $0.count) }
        guard count > 0 else { return }
        undecoded += buffer[0..<count]
        // Keep an incomplete UTF-8 sequence at the end for the next read.
        var end = undecoded.count
        var back = 0
        while back < 3, end - back - 1 >= 0, undecoded[end - back - 1] & 0xC0 == 0x80 { back += 1 }
        if end - back - 1 >= 0 {
            let lead = undecoded[end - back - 1]
            let expected = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 1
            if expected > back + 1 { end = end - back - 1 }
        }
        transcript += String(decoding: undecoded[0..<end], as: UTF8.self)
        undecoded.removeFirst(end)
    }
}

extension PseudoTerminal {
    /// An interactive bash with job control on a new pseudo-terminal of 80×24 — how people
    /// start the shell — with a prompt of `$ `, no colour and no pager unless `extra` says.
    package static func interactiveBash(home: URL, extra: [String: String] = [:]) throws -> PseudoTerminal {
        let environment = FlowShellBinary.environment(
            home: home,
            extra: [
                "NO_COLOR": "1", "PS1": "$ ", "PAGER": "", "LESS": "",
                "COLUMNS": "80", "LINES": "24",
            ].merging(extra) { $1 })
        let terminal = try PseudoTerminal(
            executable: "/bin/bash", arguments: ["--norc", "--noprofile", "-i"],
            environment: environment, directory: home.path, rows: 24, columns: 80)
        try terminal.expect("$ ")
        return terminal
    }

    /// The shell under test (`flowshell ARGUMENTS`) on a new pseudo-terminal, in `home` and with
    /// `environment` (by default the tests' environment for `home` with no colour).
    package static func flowshell(
        _ arguments: [String] = [], home: URL, environment: [String: String]? = nil, rows: Int = 40, columns: Int = 100
    ) throws -> PseudoTerminal {
        try PseudoTerminal(
            executable: FlowShellBinary.url.path, arguments: arguments,
            environment: environment ?? FlowShellBinary.environment(home: home, extra: ["NO_COLOR": "1"]),
            directory: home.path, rows: rows, columns: columns)
    }

    /// Types `line` and Return, and waits for each of `texts` in turn (an answer, then the
    /// prompt); returns what came up to the last, as ``expect(_:timeout:)`` does.
    @discardableResult
    package func enter(_ line: String, expecting texts: String...) throws -> String {
        type(line + "\r")
        var upTo = ""
        for text in texts { upTo = try expect(text) }
        return upTo
    }

    /// Types `keys` (as ``type(_:)``) and waits for `text`; returns what came up to it, as
    /// ``expect(_:timeout:)`` does.
    @discardableResult
    package func type(_ keys: String, expecting text: String) throws -> String {
        type(keys)
        return try expect(text)
    }

    /// Types what ends the program (`quit` and Return unless `keys` says otherwise: Ctrl-D,
    /// `exit` to a shell) and returns its exit status.
    package func quit(typing keys: String = "quit\r") throws -> Int32 {
        type(keys)
        return try waitForExit()
    }

    /// What the terminal shows now and showed before (its rows scrolled off), as a person sees it.
    package func screen(rows: Int = 24, columns: Int = 80) -> TerminalScreen {
        TerminalScreen(rows: rows, columns: columns, showing: transcript)
    }
}
