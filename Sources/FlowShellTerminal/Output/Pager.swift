import FlowShellRuntime
import Foundation

/// Shows long output a screen at a time: `$PAGER`, else `less -R` (colours kept, quits at the end
/// of a short text), reading the text on its standard input while the shell waits.
enum Pager {
    /// Shows `text` through the pager; false when no pager could be started (the caller writes
    /// the text itself).
    @MainActor
    static func show(_ text: String, environment: [String: String] = ProcessInfo.processInfo.environment) -> Bool {
        let command = environment["PAGER"].flatMap { $0.trimmingCharacters(in: .whitespaces).isEmpty ? nil : $0 } ?? "less -R -F -X"
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", command]
        let input = Pipe()
        process.standardInput = input
        do {
            try process.run()
        } catch {
            return false
        }
        // A pager that quits early closes its end: the rest is not wanted (SIGPIPE is ignored).
        try? input.fileHandleForWriting.write(contentsOf: Data(text.utf8))
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
        return true
    }
}
