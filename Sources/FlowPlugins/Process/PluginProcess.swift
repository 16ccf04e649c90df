import CPluginSpawn
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One running plugin executable: its stdin to write to, its stdout read line by line on a
/// thread of its own, its stderr appended to its log. It runs in its own process group, so the
/// terminal's Ctrl-C reaches the shell alone.
public final class PluginProcess: Sendable {
    /// What the reading thread reports, in order: each line, then how the process ended.
    public enum Output: Sendable {
        /// One line of stdout, without its newline.
        case line([UInt8])
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

    /// The longest line read; a longer one ends the plugin (a view is far smaller).
    public static let maximumLineLength = 64 << 20

    /// The process id.
    public let pid: pid_t
    private let input: Int32
    private let output: Int32

    private init(pid: pid_t, input: Int32, output: Int32) {
        self.pid = pid
        self.input = input
        self.output = output
    }

    deinit {
        close(input)
        close(output)
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
        var pid: pid_t = 0
        let arguments = spec.arguments.map { strdup($0) } + [nil]
        defer { arguments.forEach { free($0) } }
        let status = arguments.withUnsafeBufferPointer { argv in
            flowshell_plugin_spawn(spec.program, argv.baseAddress, spec.workingDirectory, toChild[0], fromChild[1],
                                   log.descriptor, spec.searchesPath ? 1 : 0, &pid)
        }
        close(toChild[0])
        close(fromChild[1])
        guard status == 0 else {
            close(toChild[1])
            close(fromChild[0])
            let name = spec.arguments.first ?? spec.program
            switch status {
            case ENOENT:
                throw PluginStartError(reason: spec.searchesPath ? "no program '\(name)' in PATH" : "no such program '\(name)' (relative to the config's folder)")
            case EACCES: throw PluginStartError(reason: "'\(name)' cannot be run: permission denied (is it executable?)")
            default: throw PluginStartError(reason: "'\(name)' cannot be run: \(String(cString: strerror(status)))")
            }
        }
        return PluginProcess(pid: pid, input: toChild[1], output: fromChild[0])
    }

    /// Writes one line (a newline is added); false when the plugin no longer reads (it ended).
    @discardableResult
    public func send(_ line: [UInt8]) -> Bool {
        var bytes = line
        bytes.append(UInt8(ascii: "\n"))
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { write(input, $0.baseAddress! + offset, $0.count - offset) }
            if written < 0 {
                if errno == EINTR { continue }
                return false  // EPIPE: SIGPIPE is ignored by the shell, so this is only an error.
            }
            offset += written
        }
        return true
    }

    /// Closes the plugin's stdin: a plugin ends when it reads end of file.
    public func closeInput() {
        // The descriptor stays valid (for deinit) but no longer holds the pipe open.
        let null = open("/dev/null", O_WRONLY | O_CLOEXEC)
        guard null >= 0 else { return }
        dup2(null, input)
        close(null)
    }

    /// Ends the plugin at once (SIGKILL).
    public func killNow() {
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

    /// Reads lines until end of file, then reaps the process (killing it first, in case it
    /// closed its stdout and went on) and reports how it ended.
    private func readLoop(_ deliver: @Sendable (Output) -> Void) {
        var pending: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        reading: while true {
            let count = chunk.withUnsafeMutableBytes { read(output, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                break
            }
            if count == 0 { break }
            var start = 0
            for index in 0..<count where chunk[index] == UInt8(ascii: "\n") {
                pending.append(contentsOf: chunk[start..<index])
                deliver(.line(pending))
                pending.removeAll(keepingCapacity: true)
                start = index + 1
            }
            pending.append(contentsOf: chunk[start..<count])
            if pending.count > Self.maximumLineLength { break reading }
        }
        if !pending.isEmpty, pending.count <= Self.maximumLineLength { deliver(.line(pending)) }
        _ = kill(pid, SIGKILL)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        let signal = status & 0x7f
        deliver(.ended(signal == 0 ? .exited((status >> 8) & 0xff) : .killed(signal: signal)))
    }
}

/// Why a plugin could not be started.
public struct PluginStartError: Error, Sendable {
    /// One line: `no program 'pythn3' in PATH`.
    public let reason: String
}
