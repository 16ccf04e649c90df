import CEditShim
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Facts about the process's terminal and the shell's signals, as the shell needs them; the
/// system calls behind them are in ``Platform``.
public enum Terminal {
    /// Whether `fd` is a terminal.
    public static func isTerminal(_ fd: Int32) -> Bool {
        Platform.isTerminal(fd)
    }

    /// The width of the terminal on `fd` in columns, or nil when it is not a terminal.
    public static func width(_ fd: Int32 = STDOUT_FILENO) -> Int? {
        Platform.terminalColumns(fd)
    }

    /// How many colours a terminal of type `type` (`xterm-256color`) shows, as terminfo says;
    /// 0 for a type that shows none (`vt100`, `dumb`) or that terminfo does not know.
    public static func colours(ofType type: String) -> Int {
        max(0, Int(fs_terminal_colours(type)))
    }

    /// The height of the terminal on `fd` in rows, or nil when it is not a terminal.
    public static func height(_ fd: Int32 = STDOUT_FILENO) -> Int? {
        Platform.terminalRows(fd)
    }

    /// The columns `scalar` takes on a terminal: 2 for wide East Asian characters, 0 for
    /// combining marks; a scalar the locale cannot print counts as 1.
    public static func columns(of scalar: Unicode.Scalar) -> Int {
        Platform.displayColumns(of: scalar) ?? 1
    }

    /// Sets the C library's character type from the environment, falling back to UTF-8;
    /// display widths and libedit's UTF-8 input depend on it.
    public static func useEnvironmentLocale() {
        Platform.useEnvironmentLocale()
    }

    /// Installs the signal handlers of an interactive shell. Ctrl-C and Ctrl-\ (SIGINT, SIGQUIT)
    /// interrupt the read (the line is abandoned) or the running command instead of the
    /// process. SIGTERM and SIGHUP cancel the running command and make the next read return
    /// ``LineReadResult/end``, so the shell ends through its normal path — history and state
    /// saved, the terminal restored — and then exits with ``exitStatus(_:)``.
    public static func installInterruptHandler() {
        Platform.installSignalHandlers()
    }

    /// Takes the terminal for this process's own process group, so that Ctrl-C reaches the shell
    /// only (not `make run` around it); ``restoreForeground()`` gives it back.
    public static func takeForeground() {
        Platform.takeForeground(of: STDIN_FILENO)
    }

    /// Gives the terminal back to whoever had it before ``takeForeground()``.
    public static func restoreForeground() {
        Platform.restoreForeground(of: STDIN_FILENO)
    }

    /// The signal (SIGTERM or SIGHUP) that asked the process to end, if one arrived.
    public static var terminationSignal: Int32? {
        Platform.terminationSignal
    }

    /// The status to exit with: 128 + the signal that asked the process to end, as shells
    /// report a process ended by a signal; otherwise `status`.
    public static func exitStatus(_ status: Int32) -> Int32 {
        terminationSignal.map { 128 + $0 } ?? status
    }

    /// Runs `command` through `/bin/sh -c` as the terminal's foreground job, with `input` on its
    /// standard input, and takes the terminal back when it ends, however it ends: how a pager
    /// runs. Returns its exit status (128 + the signal that ended it), or nil when it could not
    /// be started or the shell is not in the terminal's foreground.
    public static func runInForeground(_ command: String, input: String) -> Int32? {
        let status =
            input.utf8.withContiguousStorageIfAvailable { bytes in
                bytes.withMemoryRebound(to: CChar.self) { fs_run_in_foreground(command, $0.baseAddress, $0.count, STDIN_FILENO) }
            }
            ?? Array(input.utf8).withUnsafeBufferPointer { bytes in
                bytes.withMemoryRebound(to: CChar.self) { fs_run_in_foreground(command, $0.baseAddress, $0.count, STDIN_FILENO) }
            }
        return status < 0 ? nil : status
    }

    /// Makes writing to a closed pipe an error instead of the end of the process.
    public static func ignoreBrokenPipe() {
        Platform.ignoreBrokenPipe()
    }

    /// Whether Ctrl-C (or Ctrl-\) was pressed since the last ``takeInterrupt()``, asked without
    /// a system call.
    public static var interruptPending: Bool {
        Platform.interruptPending
    }

    /// Whether Ctrl-C (or Ctrl-\) was pressed since the last call; always true once the process
    /// was asked to end (``terminationSignal``).
    public static func takeInterrupt() -> Bool {
        Platform.takeInterrupt()
    }

    /// The descriptor that becomes readable when Ctrl-C (or a request to end) arrives, once
    /// the handlers are installed: a running command watches it to be cancelled.
    public static var interruptDescriptor: Int32? {
        Platform.interruptDescriptor
    }
}
