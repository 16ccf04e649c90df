import LineEditor
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where the shell writes: unbuffered to stdout and stderr, so output and errors keep their
/// order on a terminal and reach a pipe at once.
@MainActor
protocol Console: AnyObject {
    func write(_ text: String)
    func writeError(_ text: String)
}

/// The process's standard output and error.
@MainActor
final class StandardConsole: Console {
    func write(_ text: String) {
        Self.write(text, to: STDOUT_FILENO)
    }

    func writeError(_ text: String) {
        Self.write(text, to: STDERR_FILENO)
    }

    private static func write(_ text: String, to descriptor: Int32) {
        // A closed pipe or a hung-up terminal: nothing more can be said there.
        Platform.write(text, to: descriptor)
    }
}
