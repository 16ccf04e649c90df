import CEditShim
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// FlowShell's calls to the operating system outside libedit, in one place: writing to a file
/// descriptor, the terminal (is it one, its width, the locale's character
/// widths) and signals. The signal handlers and the terminal's size are C (`CEditShim`), as a
/// signal handler must be. Linux is built and tested; the Darwin branches make the same calls
/// on macOS, where they are not tested.
public enum Platform {
    // MARK: - Writing

    /// Writes all of `text` to `descriptor`, going on after a signal interrupts the write.
    /// Returns false when the descriptor refuses it (a closed pipe, a terminal that hung up);
    /// the rest is then dropped, since there is nowhere else to say it.
    @discardableResult
    public static func write(_ text: String, to descriptor: Int32) -> Bool {
        write(Array(text.utf8), to: descriptor)
    }

    /// Writes all of `bytes`, retrying interrupted and partial writes; false when the
    /// descriptor refuses (a closed pipe: EPIPE, as SIGPIPE is ignored).
    @discardableResult
    public static func write(_ bytes: [UInt8], to descriptor: Int32) -> Bool {
        var bytes = bytes[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { systemWrite(descriptor, $0.baseAddress, $0.count) }
            if written < 0 {
                if errno == EINTR { continue }
                return false
            }
            bytes = bytes.dropFirst(written)
        }
        return true
    }

    /// Reads what is there, up to `buffer`'s size: the count read, 0 at the end, or -1 with
    /// errno (EINTR when a signal came first).
    public static func readAvailable(_ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer) -> Int {
        #if canImport(Glibc)
        Glibc.read(descriptor, buffer.baseAddress, buffer.count)
        #else
        Darwin.read(descriptor, buffer.baseAddress, buffer.count)
        #endif
    }

    private static func systemWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int {
        #if canImport(Glibc)
        Glibc.write(descriptor, buffer, count)
        #else
        Darwin.write(descriptor, buffer, count)
        #endif
    }

    // MARK: - The terminal

    /// Whether `descriptor` is a terminal.
    public static func isTerminal(_ descriptor: Int32) -> Bool {
        isatty(descriptor) == 1
    }

    /// The width in columns of the terminal on `descriptor`, or nil when it is not a terminal.
    public static func terminalColumns(_ descriptor: Int32) -> Int? {
        let columns = Int(fs_terminal_width(descriptor))
        return columns > 0 ? columns : nil
    }

    /// The rows of the terminal on `descriptor`, or nil when it is not one.
    public static func terminalRows(_ descriptor: Int32) -> Int? {
        let rows = Int(fs_terminal_height(descriptor))
        return rows > 0 ? rows : nil
    }

    /// The columns `scalar` takes in the current locale (`wcwidth`), or nil when the locale
    /// cannot print it.
    public static func displayColumns(of scalar: Unicode.Scalar) -> Int? {
        let width = Int(fs_scalar_width(scalar.value))
        return width < 0 ? nil : width
    }

    /// Sets the C library's character type from the environment, falling back to UTF-8.
    public static func useEnvironmentLocale() {
        fs_use_environment_locale()
    }

    // MARK: - Signals

    /// Handles SIGINT and SIGQUIT as interrupts and SIGTERM and SIGHUP as requests to end
    /// (see ``Terminal/installInterruptHandler()``); false when the system refused.
    @discardableResult
    public static func installSignalHandlers() -> Bool {
        fs_install_interrupt_handler() == 0
    }

    /// Makes writing to a closed pipe an error (EPIPE) instead of the end of the process.
    public static func ignoreBrokenPipe() {
        fs_ignore_broken_pipe()
    }

    /// Whether SIGINT or SIGQUIT arrived since the last ``takeInterrupt()`` (a flag read, no
    /// system call: cheap enough to ask before every command).
    public static var interruptPending: Bool {
        fs_interrupt_pending() != 0
    }

    /// Whether SIGINT or SIGQUIT arrived since the last call; always true after SIGTERM or SIGHUP.
    public static func takeInterrupt() -> Bool {
        fs_take_interrupt() != 0
    }

    /// The process group that had the terminal before ``takeForeground(of:)``.
    nonisolated(unsafe) private static var previousForeground: pid_t = -1

    /// Puts this process in a process group of its own and gives it the terminal, as
    /// interactive shells do: Ctrl-C then reaches the shell alone, not a `make` or a script that
    /// started it (which would otherwise stop with status 130). Nothing happens when it cannot.
    public static func takeForeground(of descriptor: Int32) {
        let original = tcgetpgrp(descriptor)
        // A process that leads its group already (a session on a pseudo-terminal) has it.
        guard original >= 0, getpgrp() != getpid() else { return }
        // A background process group may not change the terminal's foreground group unless
        // SIGTTOU is ignored while it does.
        let previous = signal(SIGTTOU, SIG_IGN)
        defer { signal(SIGTTOU, previous) }
        guard setpgid(0, 0) == 0, tcsetpgrp(descriptor, getpgrp()) == 0 else { return }
        previousForeground = original
    }

    /// Gives the terminal back to the process group that had it before ``takeForeground(of:)``.
    public static func restoreForeground(of descriptor: Int32) {
        guard previousForeground >= 0 else { return }
        let previous = signal(SIGTTOU, SIG_IGN)
        defer { signal(SIGTTOU, previous) }
        _ = tcsetpgrp(descriptor, previousForeground)
        previousForeground = -1
    }

    /// Reads whatever waits on a non-blocking descriptor, so that it stops being readable.
    public static func drain(_ descriptor: Int32) {
        var buffer = [UInt8](repeating: 0, count: 64)
        while buffer.withUnsafeMutableBytes({ read(descriptor, $0.baseAddress, $0.count) }) > 0 {}
    }

    /// The read end of the pipe the signal handlers write to, once they are installed.
    public static var interruptDescriptor: Int32? {
        let descriptor = fs_interrupt_descriptor()
        return descriptor >= 0 ? descriptor : nil
    }

    /// The signal (SIGTERM or SIGHUP) that asked the process to end, if one arrived.
    public static var terminationSignal: Int32? {
        let signal = fs_termination_signal()
        return signal == 0 ? nil : signal
    }

    // MARK: - Leaving

    /// Gives `descriptor` to a process that closes it after this one has ended, so that this
    /// one's exit does not wait for its close (an inotify descriptor's waits for the kernel to
    /// retire its watches); returns that process's id, or nil when it could not be started
    /// (the descriptor is then closed at exit, as any other).
    @discardableResult
    public static func closeAfterExit(_ descriptor: Int32) -> Int32? {
        let child = fs_close_after_exit(descriptor)
        return child > 0 ? child : nil
    }
}
