import FlowShellTestSupport
import Foundation
import Testing

/// examples/greeter, a shell of one's own on FlowShell: it is what `flowshell new app` writes
/// (whose files are its own, with the new app's names put in: `new app greeter` writes them
/// back as they are), and its binary (built with the repository's) is a shell with its own name, banner, state
/// folder and feature.
@Suite struct ExampleAppTests: TestFolderSuite {
    let scratch = TemporaryFolder()

    let example = FlowShellBinary.repository.appendingPathComponent("examples/greeter")
    /// The example's binary, built beside flowshell (as its target's name, in this package).
    let binary = FlowShellBinary.url.deletingLastPathComponent().appendingPathComponent("GreeterApp")

    @Test func theExampleIsWhatNewAppWrites() throws {
        let scratch = try FlowShellBinary.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let result = try FlowShellBinary.run(
            ["new", "app", "greeter", "--path", scratch.path, "--flowshell", FlowShellBinary.repository.path],
            input: "", in: scratch, environment: FlowShellBinary.environment(home: scratch))
        #expect(result.status == 0, "\(result.errors)")
        let written = scratch.appendingPathComponent("greeter")
        let files = try FileManager.default.subpathsOfDirectory(atPath: written.path).filter { path in
            var isFolder: ObjCBool = false
            return FileManager.default.fileExists(atPath: written.appendingPathComponent(path).path, isDirectory: &isFolder)
                && !isFolder.boolValue
        }.sorted()
        #expect(
            files == [
                "Features/Greeter/Sources/GreeterHomeScreen.swift", "Features/Greeter/Sources/GreeterModule.swift",
                "Features/Greeter/Tests/GreeterHomeTests.swift", "Package.swift", "README.md",
                "Sources/GreeterApp/main.swift", "Sources/GreeterServe/main.swift",
                "Sources/GreeterShell/GreeterFlow.swift", "Sources/GreeterShell/GreeterShell.swift", "config.json",
            ])
        for file in files {
            var text = try String(contentsOf: written.appendingPathComponent(file), encoding: .utf8)
            // The only difference: where each finds FlowShell, however `new app` wrote it
            // (relative when the two folders are near, as in the system's temporary folder).
            text = text.replacingOccurrences(
                of: #"\.package\(name: "FlowShell", path: "[^"]*"\)"#,
                with: #".package(name: "FlowShell", path: "../..")"#, options: .regularExpression)
            let example = try String(contentsOf: example.appendingPathComponent(file), encoding: .utf8)
            #expect(text == example, "examples/greeter/\(file) differs from what flowshell new app writes")
        }
    }

    @Test func itSaysItsOwnNameAndVersion() throws {
        let version = try run(["--version"], input: "", home: home)
        #expect(version.output == "greeter 0.1.0\n")
        let help = try run(["--help"], input: "", home: home)
        #expect(help.output.contains("Greeter: a shell built on FlowShell."))
        #expect(help.output.contains("USAGE: greeter"))
    }

    /// The getting-started article of FlowShellKit's documentation shows the example's files as
    /// they are, so that what a reader copies builds: each of its code blocks is one whole file.
    @Test func theGettingStartedArticleShowsTheExampleAsItIs() throws {
        let article = try String(
            contentsOf: FlowShellBinary.repository.appendingPathComponent(
                "Sources/FlowShellKit/FlowShellKit.docc/GettingStarted.md"), encoding: .utf8)
        let blocks = article.components(separatedBy: "\n```").enumerated().filter { $0.offset % 2 == 1 }.map(\.element)
            .filter { $0.hasPrefix("swift\n") || $0.hasPrefix("json\n") }
            .map { String($0.drop { $0 != "\n" }.dropFirst()) }
        let files = [
            "Sources/GreeterShell/GreeterShell.swift", "Sources/GreeterApp/main.swift", "Features/Greeter/Sources/GreeterHomeScreen.swift",
            "Features/Greeter/Sources/GreeterModule.swift", "config.json", "Features/Greeter/Tests/GreeterHomeTests.swift",
        ]
        #expect(blocks.count == files.count)
        for (block, file) in zip(blocks, files) {
            let text = try String(contentsOf: example.appendingPathComponent(file), encoding: .utf8)
            #expect(block + "\n" == text, "the article's block for \(file) is not the file as it is")
        }
    }

    /// The engine knows nothing of car sharing: what a shell of one's own says of itself (its
    /// command line's help and its prompt's) names no car, operator or booking of the demo.
    @Test func nothingItSaysSpeaksOfTheDemosCars() throws {
        let said = try [
            run(["--help"], input: "", home: home), run(["run", "--help"], input: "", home: home),
            run([], input: "help\nhelp open\nhelp set\nset\nwhere\n", home: home), run(["--generate-manual"], input: "", home: home),
        ]
        for result in said {
            let text = (result.output + result.errors).lowercased()
            #expect(text.contains("greeter") || text.contains("usage"), "\(text)")
            for word in ["car", "cars", "rio", "booking", "bookings", "operator"] {
                #expect(
                    !text.split(whereSeparator: { !$0.isLetter }).contains(Substring(word)) && !text.contains("/\(word)"),
                    "greeter says '\(word)':\n\(text)")
            }
        }
    }

    @Test func aPipedSessionRunsItsFeatureWithItsOwnStateFolder() throws {
        // Run away from any config.json: the built-in flow starts on the Greeter's screen.
        let result = try run(["--restore"], input: "greet\nwhere\n", home: home)
        #expect(result.status == 0, "\(result.errors)")
        #expect(result.output.contains("Hello from greeter.home"))
        #expect(result.output.contains("Hello!"))
        #expect(result.output.contains("greeted 1 time"))
        #expect(result.errors.isEmpty)
        // Where it was is kept under its own name, not flowshell's.
        let state = home.appendingPathComponent("state/greeter/greeter/navigation.json")
        #expect(FileManager.default.fileExists(atPath: state.path))
        #expect(!FileManager.default.fileExists(atPath: home.appendingPathComponent("state/flowshell").path))
    }

    @Test func atATerminalItShowsItsOwnBannerAndKeepsItsHistory() throws {
        let terminal = try PseudoTerminal(
            executable: binary.path, arguments: [],
            environment: FlowShellBinary.environment(home: home, extra: ["NO_COLOR": "1"]),
            directory: home.path)
        try terminal.expect("Greeter 0.1.0 — greeter, flow from the built-in default flow")
        try terminal.expect("Home › ")
        try terminal.enter("greet", expecting: "Hello!", "Home › ")
        #expect(try terminal.quit() == 0)
        let history = try String(contentsOf: home.appendingPathComponent("state/greeter/greeter/history"), encoding: .utf8)
        #expect(history.contains("greet"))
    }

    /// Its browser program (what `greeter serve` runs) serves its own flow under its own title;
    /// scripts/tests/test_new_app.py drives a command through a WebSocket of a new app's.
    @Test(.timeLimit(.minutes(5)))
    func itsBrowserProgramServesItsFlow() throws {
        let server = Process()
        server.executableURL = binary.deletingLastPathComponent().appendingPathComponent("GreeterServe")
        server.arguments = ["--port", "0"]
        server.environment = FlowShellBinary.environment(home: home)
        server.currentDirectoryURL = home
        let output = Pipe()
        server.standardOutput = output
        server.standardError = FileHandle.nullDevice
        try server.run()
        defer {
            server.terminate()
            server.waitUntilExit()
        }
        var printed = Data()
        while !printed.contains(UInt8(ascii: "\n")) {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            printed += chunk
        }
        let line = String(decoding: printed, as: UTF8.self)
        #expect(line.hasPrefix("Greeter serves the built-in default flow (no config.json here) at http://127.0.0.1:"), "\(line)")
    }

    /// examples/notes, the shell the guides build: its built-in flow is its config.json, the flow
    /// is sound, and a person's notes, lock and order outlive the session.
    @Test func theNotesShellKeepsItsNotesAndItsFlowIsItsConfig() throws {
        let notes = FlowShellBinary.repository.appendingPathComponent("examples/notes")
        let flow = try String(contentsOf: notes.appendingPathComponent("Sources/NotesShell/NotesFlow.swift"), encoding: .utf8)
        let config = try String(contentsOf: notes.appendingPathComponent("config.json"), encoding: .utf8)
        #expect(flow.contains(config.split(separator: "\n").map { "    " + $0 }.joined(separator: "\n")), "NotesFlow.json is config.json")
        let binary = self.binary.deletingLastPathComponent().appendingPathComponent("NotesApp")
        let environment = FlowShellBinary.environment(home: home)
        let check = try FlowShellBinary.run(
            ["check", "--config", notes.appendingPathComponent("config.json").path], input: "", in: home,
            environment: environment, executable: binary)
        #expect(check.status == 0 && check.output.isEmpty && check.errors.isEmpty, "\(check.output)\(check.errors)")
        let first = try FlowShellBinary.run(
            [], input: "add Buy bread\nset notes-order title\nlock fish\n", in: home,
            environment: environment, executable: binary)
        #expect(first.status == 0, "\(first.errors)")
        let second = try FlowShellBinary.run(
            [], input: "read 1\nunlock fish\nwhere\n", in: home, environment: environment, executable: binary)
        #expect(second.output.contains("1 note, title first, locked\n"), "\(second.output)")
        #expect(second.output.contains("· unlocking is needed first\n"))
        #expect(second.output.hasSuffix("1. Notes (notes.list)\n2. Buy bread (notes.note, noteID=1)\n"), "\(second.output)")
    }

    private func run(_ arguments: [String], input: String, home: URL) throws -> FlowShellBinary.Result {
        try FlowShellBinary.run(arguments, input: input, in: home, environment: FlowShellBinary.environment(home: home), executable: binary)
    }
}
