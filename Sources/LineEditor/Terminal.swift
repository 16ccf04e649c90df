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

    /// Installs the Ctrl-C handler that interrupts reads and commands instead of the process.
    public static func installInterruptHandler() {
        _ = fs_install_interrupt_handler()
    }

    /// Makes writing to a closed pipe an error instead of the end of the process.
    public static func ignoreBrokenPipe() {
        fs_ignore_broken_pipe()
    }

    /// Whether Ctrl-C was pressed since the last call; forgets it.
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
