import FlowShellRuntime
import LineEditor
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where the shell writes. Errors go out at once; output too, unless the console was made to
/// collect it (``StandardConsole/init(collectsOutput:)``), when it waits for ``flush()``.
@MainActor
package protocol Console: AnyObject {
    func write(_ text: String)
    func writeError(_ text: String)
    /// Writes a screen, each row ended by a newline: at a terminal it is drawn over the screen
    /// written last when nothing came after that one and both fit the window.
    func writeScreen(_ text: String)
    /// Writes what output was collected.
    func flush()
}

extension Console {
    package func flush() {}
    package func writeScreen(_ text: String) { write(text) }
}

/// The process's standard output and error, or a session's terminal.
@MainActor
package final class StandardConsole: Console {
    private let collectsOutput: Bool
    private let outputDescriptor: Int32
    private let errorDescriptor: Int32
    private var collected: [UInt8] = []
    /// The line editor, once it reads the terminal: what is written while a person types goes
    /// above the prompt, which comes back below it.
    package weak var lineEditor: EditLineReader?
    /// Collected output is written once it reaches this size, whatever else happens.
    private static let limit = 64 * 1024

    /// - Parameter collectsOutput: keep output until ``flush()`` (or 64 KiB of it), so that a
    ///   run of lines from a pipe costs one write instead of one each; errors still go out at
    ///   once, after the output before them.
    /// - Parameter output: where output goes (standard output, or a session's terminal).
    /// - Parameter error: where errors go (standard error, or a session's terminal).
    package init(collectsOutput: Bool = false, output: Int32 = STDOUT_FILENO, error: Int32 = STDERR_FILENO) {
        self.collectsOutput = collectsOutput
        outputDescriptor = output
        errorDescriptor = error
    }

    package func write(_ text: String) {
        if let lineEditor {
            lineEditor.show(text)
            return
        }
        guard collectsOutput else {
            Self.write(Array(text.utf8), to: outputDescriptor)
            return
        }
        // The string's bytes copied as one block (appending its UTF-8 view goes byte by byte).
        var text = text
        text.withUTF8 { bytes in
            if collected.count + bytes.count > Self.limit { flush() }
            if bytes.count >= Self.limit {
                // Written at once: kept, it would leave the buffer that size.
                Self.write(Array(bytes), to: outputDescriptor)
            } else {
                collected.append(contentsOf: bytes)
            }
        }
    }

    package func writeScreen(_ text: String) {
        guard let lineEditor else { return write(text) }
        lineEditor.show(screen: text)
    }

    package func writeError(_ text: String) {
        if let lineEditor {
            lineEditor.show(text, onStandardError: true)
            return
        }
        flush()
        Self.write(Array(text.utf8), to: errorDescriptor)
    }

    package func flush() {
        guard !collected.isEmpty else { return }
        Self.write(collected, to: outputDescriptor)
        collected.removeAll(keepingCapacity: true)
    }

    private static func write(_ bytes: [UInt8], to descriptor: Int32) {
        // A closed pipe or a hung-up terminal: nothing more can be said there.
        Platform.write(bytes, to: descriptor)
    }
}
