import FlowShellKit
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
// would. A crash or a sanitizer's report is a finding. (The dispatcher's async path is driven by
// the end-to-end tests; libFuzzer's callback cannot wait for it.)

@main
enum CommandFuzzer {
    /// A screen's commands, as the car list declares them.
    static let screen = ViewProperties(title: "Cars", commands: [
        CommandDescription(name: "select", summary: "", arguments: [ArgumentDescription("CAR-ID", values: ["rio", "polo", "Kia Rio"])]),
        CommandDescription(name: "filter", summary: "", arguments: [ArgumentDescription("TEXT", optional: true, takesRest: true)]),
        CommandDescription(name: "book", summary: "", arguments: [
            ArgumentDescription("CAR"), ArgumentDescription("hours", kind: .option, optional: true, valueName: "HOURS"),
            ArgumentDescription("dry-run", kind: .flag, optional: true),
        ]),
    ])

    /// What a terminal session offers on that screen: its commands, then the global ones.
    @MainActor static let commands = screen.commands + Dispatcher.globals(composing: .terminal).map(\.description)

    @MainActor
    static func main() {
        FuzzDriver.run { check(String(decoding: $0, as: UTF8.self)) }
    }

    @MainActor
    static func check(_ line: String) {
        if let words = try? CommandLineTokenizer.words(of: line), let name = words.first,
           let command = commands.first(where: { $0.name == name }) {
            if let parsed = try? ParsedArguments(Array(words.dropFirst()), for: command),
               parsed.positionals.count > command.positionals.count {
                print("more positionals than declared: \(line.debugDescription)")
                abort()
            }
        }
        var prefix = ""
        for character in line.prefix(64) {
            prefix.append(character)
            _ = CompletionProvider.complete(prefix, commands: commands, links: ["/cars/:carID", "/bookings"]) { _ in ["rio", "polo"] }
        }
    }
}
