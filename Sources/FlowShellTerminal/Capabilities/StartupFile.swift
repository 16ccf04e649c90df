import FlowShellKit
import FlowShellRuntime
import Foundation

extension Session {
    /// Runs the person's startup file (`alias`, `set`, anything typed at the prompt), if there
    /// is one at `path`, before the first prompt: each line as if typed, quietly — only errors
    /// and warnings show, each naming `FILE:LINE` — and on past a failed line, as a shell's
    /// rc file is. The screen it leaves on top is shown after it. `quit` in it leaves. It runs as
    /// one line of the session's loop (``Shell/run(first:)``): what it led to is that line's answer.
    package func runStartupFile(at path: String, environment: [String: String]) async -> Step {
        guard FileManager.default.fileExists(atPath: path) else { return .next }
        let shownAs = Self.homeAbbreviated(path, environment: environment)
        let text: String
        do {
            text = try String(contentsOfFile: path, encoding: .utf8)
        } catch {
            fail("cannot read the script \(shownAs): \(SystemError.describe(error))")
            return .next
        }
        var step = Step.next
        // What the lines show is dropped: a startup file says nothing when all is well.
        _ = await output.collecting {
            step = await self.scripts.run(text, named: shownAs, in: self, keepGoing: true)
        }
        showScreenAgain()
        return step
    }

    /// `path` with the home folder written `~`, as a person writes it.
    private static func homeAbbreviated(_ path: String, environment: [String: String]) -> String {
        guard let home = environment["HOME"], !home.isEmpty, path.hasPrefix(home + "/") else { return path }
        return "~" + path.dropFirst(home.count)
    }
}
