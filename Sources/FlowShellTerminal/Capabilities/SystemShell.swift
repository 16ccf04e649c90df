import FlowShellKit
import Subprocess
import SystemPackage
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The user's own shell (`$SHELL`, else `/bin/sh`), which runs `shell CMD` and the command
/// after `|`. The child stays in the shell's process group, so it may use the terminal (an
/// editor, a pager) and a Ctrl-C reaches it as it reaches a command of bash's.
enum SystemShell {
    /// Whether the shell's own stdin is a terminal: only then may a command share it. On a pipe
    /// or a file it holds the session's next lines, which a command would read as its own.
    static var inputIsTerminal: Bool { isatty(STDIN_FILENO) == 1 }

    /// Runs `line` with `$SHELL -c`, its output and errors on the shell's own; `input` is what
    /// it reads (nil: the shell's own stdin when `sharesInput` and it is a terminal, else
    /// nothing). Returns its exit status, or throws a ``UserFacingError`` when it cannot be started.
    static func run(_ line: String, input: String?, sharesInput: Bool, environment: [String: String]) async throws -> Int32 {
        let shell = environment["SHELL"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? "/bin/sh"
        let executable = Executable.path(FilePath(shell))
        do {
            let status: TerminationStatus
            if let input {
                status = try await Subprocess.run(
                    executable, arguments: ["-c", line], input: .string(input),
                    output: .currentStandardOutput, error: .currentStandardError
                ).terminationStatus
            } else if sharesInput && inputIsTerminal {
                status = try await Subprocess.run(
                    executable, arguments: ["-c", line], input: .currentStandardInput,
                    output: .currentStandardOutput, error: .currentStandardError
                ).terminationStatus
            } else {
                status = try await Subprocess.run(
                    executable, arguments: ["-c", line], input: .none,
                    output: .currentStandardOutput, error: .currentStandardError
                ).terminationStatus
            }
            switch status {
            case .exited(let code): return code
            case .signaled(let signal): return 128 + signal
            }
        } catch let error as SubprocessError {
            throw UserFacingError("cannot start the shell \(shell): \(error.description)")
        }
    }

    /// `text` as one word for a POSIX shell: in single quotes, each of its own written `'\''`.
    static func quoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
