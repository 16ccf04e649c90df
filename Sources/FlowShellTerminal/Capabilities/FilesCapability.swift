import FlowShellKit
import FlowShellRuntime
import Foundation

extension SessionCapability {
    /// The files of this machine, as the person at the terminal may reach them: `run FILE`,
    /// `CMD > FILE` and `CMD >> FILE`, and file names for Tab on a path. (The terminal's startup
    /// file and its history file are read and written by the terminal itself.)
    public static let files = SessionCapability(
        name: "files",
        commands: [FilesCapability.run],
        destinations: [.write: FilesCapability.destination(appending: false), .append: FilesCapability.destination(appending: true)],
        listFolder: FilesCapability.names(in:)
    )
}

/// What the ``SessionCapability/files`` capability is made of.
enum FilesCapability {
    /// `run FILE [--keep-going]`: the file's lines as if typed, stopping at the first error.
    static let run = GlobalCommand("run", "Run the commands in a file, stopping at the first error",
                                   arguments: [ArgumentDescription("FILE", isPath: true),
                                               ArgumentDescription("keep-going", kind: .flag, optional: true)]) { dispatcher, call in
        let path = call.arguments.positionals[0]
        let text: String
        do {
            text = try String(contentsOfFile: path, encoding: .utf8)
        } catch {
            dispatcher.fail("cannot read the script \(path): \(SystemError.describe(error))")
            return .next
        }
        return await dispatcher.runScript(text, named: path, keepGoing: call.arguments.flags.contains("keep-going"))
    }

    /// Where `>` (or, `appending`, `>>`) sends a line's output: the file named after it.
    static func destination(appending: Bool) -> OutputDestination {
        OutputDestination(collector: PlainTextCollector.maker, check: { path in
            try FileRedirection.check(path, environment: ProcessInfo.processInfo.environment)
        }, deliver: { text, path in
            try FileRedirection.write(text, to: path, appending: appending, environment: ProcessInfo.processInfo.environment)
        })
    }

    /// The names in `folder` as typed (empty: the current folder; `~/` the home folder), each
    /// folder's with a `/` after it; none when it cannot be read.
    @Sendable static func names(in folder: String) -> [String] {
        let path = FileRedirection.expanded(folder.isEmpty ? "." : folder, environment: ProcessInfo.processInfo.environment)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
        return names.map { name in
            var isFolder: ObjCBool = false
            let full = FilePathParts.joining(path, name)
            return FileManager.default.fileExists(atPath: full, isDirectory: &isFolder) && isFolder.boolValue ? name + "/" : name
        }
    }
}
