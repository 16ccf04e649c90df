import FlowCoordinator
import FlowShellKit
import FlowShellRuntime
import Foundation

extension SessionCapability {
    /// The files of this machine, as the person at the terminal may reach them: `run FILE`,
    /// `history -o FILE`, `CMD > FILE` and `CMD >> FILE`, and file names for Tab on a path. (The
    /// terminal's startup file and its history file are read and written by the terminal itself.)
    public static let files = SessionCapability(
        name: "files",
        commands: [FilesCapability.run],
        options: [FilesCapability.historyToFile],
        destinations: [.write: FilesCapability.destination(appending: false), .append: FilesCapability.destination(appending: true)],
        listFolder: FilesCapability.names(in:)
    )
}

/// What the ``SessionCapability/files`` capability is made of.
enum FilesCapability {
    /// `run FILE [--keep-going]`: the file's lines as if typed, stopping at the first error. Only
    /// a regular file of at most ``ScriptFile/maximumSize`` bytes is read (``ScriptFile``).
    static let run = GlobalCommand(
        "run", "Run the commands in a file, stopping at the first error",
        arguments: [
            ArgumentDescription("FILE", isPath: true),
            ArgumentDescription("keep-going", kind: .flag, optional: true),
        ]
    ) { context, call in
        let path = call.arguments.positionals[0]
        let text: String
        do {
            text = try ScriptFile.read(path)
        } catch {
            context.fail("cannot read the script \(path): \(UserFacingError.message(for: error))")
            return .next
        }
        return await context.runScript(text, named: path, keepGoing: call.arguments.flags.contains("keep-going"))
    }

    /// `history -o FILE [RANGE]`: this session's lines before this one (those of RANGE, else all)
    /// written to FILE, one a line, as a script that `run FILE` runs again. Lines that ran others
    /// (`history -r`, `edit`) gave their places to those, so the script runs the same anywhere.
    static let historyToFile = CommandOptions(
        for: CoreCommands.history,
        arguments: [
            ArgumentDescription("output", kind: .option, optional: true, isPath: true, valueName: "FILE", shortName: "o")
        ], summary: "-o FILE: write them to FILE as a script"
    ) { context, call in
        guard let path = call.arguments.options["output"] else { return .next }
        let environment = ProcessInfo.processInfo.environment
        guard context.lastLineNumber > 0 else {
            context.fail("no lines to write yet — history -o FILE writes the lines typed before it")
            return .next
        }
        guard let lines = context.historyLines(call.arguments.positionals.first ?? "..")?.map(\.line) else { return .next }
        do {
            try FileRedirection.check(path, environment: environment)
            try FileRedirection.write(lines.joined(separator: "\n") + "\n", to: path, appending: false, environment: environment)
            context.show(Notice(.success, "wrote \(lines.count) line\(lines.count == 1 ? "" : "s") to \(path) — run \(path) runs them"))
        } catch {
            context.fail(UserFacingError.message(for: error))
        }
        return .next
    }

    /// Where `>` (or, `appending`, `>>`) sends a line's output: the file named after it.
    static func destination(appending: Bool) -> OutputDestination {
        OutputDestination(
            collector: PlainTextCollector.maker,
            check: { path in
                try FileRedirection.check(path, environment: ProcessInfo.processInfo.environment)
            },
            deliver: { text, path in
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
