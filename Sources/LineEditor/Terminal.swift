import CEditShim
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Facts about the process's terminal.
public enum Terminal {
    /// Whether `fd` is a terminal.
    public static func isTerminal(_ fd: Int32) -> Bool {
        isatty(fd) == 1
    }

    /// The width of the terminal on `fd` in columns, or nil when it is not a terminal.
    public static func width(_ fd: Int32 = STDOUT_FILENO) -> Int? {
        let columns = Int(fs_terminal_width(fd))
        return columns > 0 ? columns : nil
    }

    /// The columns `scalar` takes on a terminal: 2 for wide East Asian characters, 0 for
    /// combining marks; a scalar the locale cannot print counts as 1.
    public static func columns(of scalar: Unicode.Scalar) -> Int {
        let width = Int(fs_scalar_width(scalar.value))
        return width < 0 ? 1 : width
    }

    /// Sets the C library's character type from the environment, falling back to UTF-8;
    /// display widths and libedit's UTF-8 input depend on it.
    public static func useEnvironmentLocale() {
        fs_use_environment_locale()
    }

    /// Installs the signal handlers of an interactive shell. Ctrl-C and Ctrl-\ (SIGINT, SIGQUIT)
    /// interrupt the read (the line is abandoned) or the running command instead of the
    /// process. SIGTERM and SIGHUP cancel the running command and make the next read return
    /// ``LineReadResult/end``, so the shell ends through its normal path — history and state
    /// saved, the terminal restored — and then exits with ``exitStatus(_:)``.
    public static func installInterruptHandler() {
        _ = fs_install_interrupt_handler()
    }

    /// The signal (SIGTERM or SIGHUP) that asked the process to end, if one arrived.
    public static var terminationSignal: Int32? {
        let signal = fs_termination_signal()
        return signal == 0 ? nil : signal
    }

    /// The status to exit with: 128 + the signal that asked the process to end, as shells
    /// report a process ended by a signal; otherwise `status`.
    public static func exitStatus(_ status: Int32) -> Int32 {
        terminationSignal.map { 128 + $0 } ?? status
    }

    /// Makes writing to a closed pipe an error instead of the end of the process.
    public static func ignoreBrokenPipe() {
        fs_ignore_broken_pipe()
    }

    /// Whether Ctrl-C (or Ctrl-\) was pressed since the last call; always true once the process
    /// was asked to end (``terminationSignal``).
    public static func takeInterrupt() -> Bool {
        fs_take_interrupt() != 0
    }

    /// The descriptor that becomes readable when Ctrl-C is pressed, once the handler is
    /// installed: a running command watches it to be cancelled.
    public static var interruptDescriptor: Int32? {
        let descriptor = fs_interrupt_descriptor()
        return descriptor >= 0 ? descriptor : nil
    }
}
