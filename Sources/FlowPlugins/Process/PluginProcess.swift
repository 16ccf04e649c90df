import CPluginSpawn
import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One running plugin executable: its stdin to write to, its stdout read line by line on a
/// thread of its own, its stderr read on another and written to its capped log. It runs in a session of its own, with no
/// controlling terminal, so the terminal's Ctrl-C reaches the shell alone and the plugin cannot
/// reach the terminal; its process group (what is stopped) holds the processes it starts.
/// Its end is noticed when it exits, not when its stdout closes: a descendant that keeps stdout
/// open holds no wait of the shell.
public final class PluginProcess: Sendable {
    /// What the reading thread reports, in order: each line, then how the process ended.
    public enum Output: Sendable {
        /// One line of stdout, without its newline.
        case line([UInt8])
        /// Why the reader stops the plugin, in words (a line past the limit, its stdout closed
        /// while it runs); its end follows.
        case broke(String)
        /// Stdout closed and the process was reaped.
        case ended(ExitStatus)
    }

    /// How a process ended.
    public enum ExitStatus: Sendable, Equatable, CustomStringConvertible {
        /// It exited with a status.
        case exited(Int32)
        /// A signal ended it.
        case killed(signal: Int32)

        /// `exit status 3`, `killed by signal 9`.
        public var description: String {
            switch self {
            case .exited(let status): return "exit status \(status)"
            case .killed(let signal): return "killed by signal \(signal)"
            }
        }
    }

    /// The longest line read: 64 MiB (a view of a million table rows is about half of it). A
    /// longer one stops the plugin, saying so.
    public static let maximumLineLength = 64 << 20

    /// How long a plugin that closed its stdout has to exit before that counts as a fault:
    /// its stdout is closed as it exits a moment before its end can be seen.
    static let exitAfterClosing: Int32 = 500

    /// The process id.
    public let pid: pid_t
    private let input: Int32
    private let output: Int32
    /// Readable once the process has exited (-1: not available; its stdout's end is awaited).
    private let exitWatch: Int32
    /// Whether the process was reaped: once it is, its id may be another's, so it is never
    /// signalled again.
    private let reaped = Mutex(false)

    private init(pid: pid_t, input: Int32, output: Int32) {
        self.pid = pid
        self.input = input
        self.output = output
        exitWatch = flowshell_plugin_exit_watch(pid)
    }

    deinit {
        close(input)
        close(output)
        if exitWatch >= 0 { close(exitWatch) }
    }

    /// Starts the plugin `spec` describes, its stderr into `log`; throws a ``UserFacingError``-style
    /// reason (`no program 'pythn3' in PATH`) when it cannot.
    public static func start(_ spec: PluginSpec, log: PluginLog) throws(PluginStartError) -> PluginProcess {
        var toChild: [Int32] = [0, 0]
        var fromChild: [Int32] = [0, 0]
        let made = flowshell_plugin_pipe(&toChild)
        guard made == 0 else { throw PluginStartError(reason: String(cString: strerror(made))) }
        let madeToo = flowshell_plugin_pipe(&fromChild)
        guard madeToo == 0 else {
            close(toChild[0])
            close(toChild[1])
            throw PluginStartError(reason: String(cString: strerror(madeToo)))
        }
        var errorsFromChild: [Int32] = [0, 0]
        let madeThree = flowshell_plugin_pipe(&errorsFromChild)
        guard madeThree == 0 else {
            (toChild + fromChild).forEach { close($0) }
            throw PluginStartError(reason: String(cString: strerror(madeThree)))
        }
        var pid: pid_t = 0
        let arguments = spec.arguments.map { strdup($0) } + [nil]
        defer { arguments.forEach { free($0) } }
        let status = arguments.withUnsafeBufferPointer { argv in
            flowshell_plugin_spawn(
                spec.program, argv.baseAddress, spec.workingDirectory, toChild[0], fromChild[1],
                errorsFromChild[1], spec.searchesPath ? 1 : 0, &pid)
        }
        close(toChild[0])
        close(fromChild[1])
        close(errorsFromChild[1])
        _ = fcntl(toChild[1], F_SETFL, fcntl(toChild[1], F_GETFL) | O_NONBLOCK)
        guard status == 0 else {
            close(toChild[1])
            close(fromChild[0])
            close(errorsFromChild[0])
            let name = spec.arguments.first ?? spec.program
            switch status {
            case ENOENT:
                throw PluginStartError(
                    reason: spec.searchesPath
                        ? "no program '\(name)' in PATH" : "no such program '\(name)' (relative to the config's folder)")
            case EACCES: throw PluginStartError(reason: "'\(name)' cannot be run: permission denied (is it executable?)")
            default: throw PluginStartError(reason: "'\(name)' cannot be run: \(String(cString: strerror(status)))")
            }
        }
        RunningPlugins.add(pid)
        let process = PluginProcess(pid: pid, input: toChild[1], output: fromChild[0])
        process.copyErrors(from: errorsFromChild[0], to: log)
        return process
    }

    /// What became of a line written to the plugin.
    public enum Delivery: Sendable, Equatable {
        /// It was written whole.
        case sent
        /// The plugin has closed its stdin or ended (its end is reported by the reader).
        case closed
        /// The plugin has not read its stdin for ``stallLimit``: it is stuck.
        case stalled
    }

    /// How long a write waits for a plugin that does not read its stdin.
    public static let stallLimit: Int32 = 2000

    /// Writes one line (a newline is added). The descriptor does not block: a plugin that
    /// stops reading cannot stall the shell for more than ``stallLimit`` milliseconds.
    @discardableResult
    public func send(_ line: [UInt8]) -> Delivery {
        var bytes = line
        bytes.append(UInt8(ascii: "\n"))
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { buffer -> Int in
                guard let base = buffer.baseAddress else { return 0 }
                return write(input, base + offset, buffer.count - offset)
            }
            if written < 0 {
                if errno == EINTR { continue }
                if errno == EAGAIN || errno == EWOULDBLOCK {
                    var ready = pollfd(fd: input, events: Int16(POLLOUT), revents: 0)
                    if poll(&ready, 1, Self.stallLimit) > 0 { continue }
                    return .stalled
                }
                return .closed  // EPIPE: SIGPIPE is ignored by the shell, so this is only an error.
            }
            if written == 0 { return .closed }
            offset += written
        }
        return .sent
    }

    /// Closes the plugin's stdin: a plugin ends when it reads end of file.
    public func closeInput() {
        // The descriptor stays valid (for deinit) but no longer holds the pipe open.
        let null = open("/dev/null", O_WRONLY | O_CLOEXEC)
        guard null >= 0 else { return }
        dup2(null, input)
        close(null)
    }

    /// Ends the plugin and every process of its group at once (SIGKILL).
    public func killNow() {
        reaped.withLock { reaped in
            guard !reaped else { return }
            killGroup()
        }
    }

    /// SIGKILL to the plugin's process group, and to the plugin itself in case it left it.
    private func killGroup() {
        _ = kill(-pid, SIGKILL)
        _ = kill(pid, SIGKILL)
    }

    /// Starts the thread that reads stdout and reports each line, then the end, to `deliver`.
    public func readOutput(_ deliver: @escaping @Sendable (Output) -> Void) {
        let thread = Thread { [self] in
            readLoop(deliver)
        }
        thread.name = "plugin \(pid) reader"
        thread.start()
    }

    /// Reads lines until the plugin ends — it exits (what it wrote before is read, not what its
    /// descendants write after) or closes its stdout — then stops its group, reaps it and reports
    /// how it ended.
    private func readLoop(_ deliver: @Sendable (Output) -> Void) {
        var pending: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        var pipe = PipeUntilExit(descriptor: output, exitWatch: exitWatch)
        reading: while true {
            let count: Int
            switch pipe.next(into: &chunk) {
            case .bytes(let read):
                count = read
            case .closed(let whileRunning):
                if whileRunning {
                    var watched = pollfd(fd: exitWatch, events: Int16(POLLIN), revents: 0)
                    if poll(&watched, 1, Self.exitAfterClosing) == 0 {
                        deliver(.broke("closed its stdout while running, so it was stopped"))
                    }
                }
                break reading
            case .ended:
                break reading
            }
            var start = 0
            for index in 0..<count where chunk[index] == UInt8(ascii: "\n") {
                pending.append(contentsOf: chunk[start..<index])
                // The line's buffer goes with it: keeping its capacity would copy the line here
                // and hold the largest line's size for as long as the plugin runs.
                deliver(.line(pending))
                pending = []
                start = index + 1
            }
            pending.append(contentsOf: chunk[start..<count])
            if pending.count > Self.maximumLineLength {
                deliver(.broke("wrote a line longer than \(Self.maximumLineLength >> 20) MiB, the protocol's limit, so it was stopped"))
                break reading
            }
        }
        if !pending.isEmpty, pending.count <= Self.maximumLineLength { deliver(.line(pending)) }
        let status = reaped.withLock { reaped in
            killGroup()
            RunningPlugins.remove(pid)
            var status: Int32 = 0
            while waitpid(pid, &status, 0) < 0, errno == EINTR {}
            reaped = true
            return status
        }
        let signal = status & 0x7f
        deliver(.ended(signal == 0 ? .exited((status >> 8) & 0xff) : .killed(signal: signal)))
    }

    /// Copies what the plugin writes on its stderr into `log` (which caps it), on a thread of
    /// its own, until the plugin ends — what it wrote before is copied, not what its
    /// descendants write after — then closes `descriptor`.
    private func copyErrors(from descriptor: Int32, to log: PluginLog) {
        let thread = Thread { [self] in
            defer { close(descriptor) }
            var chunk = [UInt8](repeating: 0, count: 64 * 1024)
            var pipe = PipeUntilExit(descriptor: descriptor, exitWatch: exitWatch)
            while case .bytes(let count) = pipe.next(into: &chunk) {
                chunk.withUnsafeBytes { log.append(UnsafeRawBufferPointer(rebasing: $0[0..<count])) }
            }
        }
        thread.name = "plugin \(pid) stderr"
        thread.start()
    }
}

/// Why a plugin could not be started.
public struct PluginStartError: Error, Sendable {
    /// One line: `no program 'pythn3' in PATH`.
    public let reason: String
}
