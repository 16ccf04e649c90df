import FlowShellKit
import Foundation
@testable import FlowShellRuntime
@testable import FlowShellTerminal
import FuzzDriver
import LineEditor
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// A libFuzzer target for the command line, built and run by `make fuzz`: each input is a typed
// line, split by the tokenizer, read against a terminal session's global commands' declarations and a screen's
// (the sample car list's, as plain descriptions), and completed at every cursor position as Tab
// would; a line that redirects to a file has its file checked as the session checks it, and
// written (in a scratch folder of the fuzzer's own, when the name stays inside it). A crash or a
// sanitizer's report is a finding. (The rest of the session's async path is driven by the
// end-to-end tests.)

@main
enum CommandFuzzer {
    /// A screen's commands, as the car list declares them.
    static let screen = ViewProperties(
        title: "Cars",
        commands: [
            CommandDescription(
                name: "select", summary: "", arguments: [ArgumentDescription("CAR-ID", values: ["rio", "polo", "Kia Rio"])]),
            CommandDescription(name: "filter", summary: "", arguments: [ArgumentDescription("TEXT", optional: true, takesRest: true)]),
            CommandDescription(
                name: "book", summary: "",
                arguments: [
                    ArgumentDescription("CAR"), ArgumentDescription("hours", kind: .option, optional: true, valueName: "HOURS"),
                    ArgumentDescription("dry-run", kind: .flag, optional: true),
                ]),
        ])

    /// What a terminal session offers on that screen: its commands, then the global ones.
    @MainActor static let commands = screen.commands + Session.globals(composing: .terminal).map(\.description)

    /// The scratch folder the fuzzer works in: files a line redirects to are written there.
    static let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("flowshell-fuzz-\(getpid())").path

    @MainActor
    static func main() {
        guard (try? FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)) != nil, chdir(scratch) == 0
        else {
            print("cannot work in a scratch folder \(scratch)")
            exit(1)
        }
        atexit { try? FileManager.default.removeItem(atPath: CommandFuzzer.scratch) }
        FuzzDriver.run { check(String(decoding: $0, as: UTF8.self)) }
    }

    @MainActor
    static func check(_ line: String) {
        if let words = try? CommandLineTokenizer.words(of: line), let name = words.first,
            let command = commands.first(where: { $0.name == name })
        {
            if let parsed = try? ParsedArguments(Array(words.dropFirst()), for: command),
                parsed.positionals.count > command.positionals.count
            {
                print("more positionals than declared: \(line.debugDescription)")
                abort()
            }
        }
        checkRedirection(line)
        var prefix = ""
        for character in line.prefix(64) {
            prefix.append(character)
            _ = CompletionProvider.complete(prefix, commands: commands, links: ["/cars/:carID", "/bookings"]) { _ in
                [("rio", "Kia Rio"), ("polo", nil)]
            }
        }
    }

    /// Splits `line` at its redirection as the session does; a file's destination is checked
    /// as the terminal's files capability checks it, and written to when its name stays inside
    /// the scratch folder (relative or under `~`, which is the scratch folder here, and no `..`),
    /// then the scratch folder is emptied.
    @MainActor
    static func checkRedirection(_ line: String) {
        guard let (_, found) = try? OutputRedirection.split(line), let redirection = found, redirection.kind != .pipe else { return }
        let path = redirection.target
        let environment = ["HOME": scratch]
        guard (try? FileRedirection.check(path, environment: environment)) != nil else { return }
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        guard !path.hasPrefix("/"), !parts.contains("..") else { return }
        try? FileRedirection.write("1. Cars (cars.list)\n", to: path, appending: redirection.kind == .append, environment: environment)
        for name in (try? FileManager.default.contentsOfDirectory(atPath: scratch)) ?? [] {
            try? FileManager.default.removeItem(atPath: scratch + "/" + name)
        }
    }
}
