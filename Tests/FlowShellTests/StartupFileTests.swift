import Foundation
import Testing

/// The person's startup file, `$XDG_CONFIG_HOME/flowshell/init` (else `~/.config/flowshell/init`),
/// run at the prompt of the real binary in a pseudo-terminal: quietly, with `FILE:LINE` errors.
@Suite(.serialized) struct StartupFileTests {
    let config = FlowShellBinary.repository.appendingPathComponent("config.json").path

    private func writeStartupFile(_ text: String, in folder: URL) throws {
        let file = folder.appendingPathComponent("flowshell/init")
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: file)
    }

    private func start(home: URL, extra: [String: String] = [:]) throws -> PseudoTerminal {
        try PseudoTerminal(
            executable: FlowShellBinary.url.path, arguments: ["--config", config],
            environment: FlowShellBinary.environment(home: home, extra: ["NO_COLOR": "1"].merging(extra) { $1 }), directory: home.path
        )
    }

    @Test func theStartupFileRunsAtThePromptQuietlyAndNamesItsLines() throws {
        let home = try FlowShellBinary.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: home) }
        try writeStartupFile("# my dotfile\nalias cheap sort price\nfly away\nsort distance\n", in: home.appendingPathComponent(".config"))
        let terminal = try start(home: home)
        let before = try terminal.expect("Cars › ")
        #expect(before.contains("~/.config/flowshell/init:3: unknown command 'fly' here"))
        #expect(before.contains("7 of 7 cars, by distance"), "a failed line does not stop the file; its screen shows")
        #expect(!before.contains("cheap now stands for"), "a startup file says nothing when all is well")
        terminal.type("cheap\r")
        try terminal.expect("7 of 7 cars, by price")
        try terminal.expect("Cars › ")
        terminal.type("quit\r")
        #expect(try terminal.waitForExit() == 0)
    }

    @Test func xdgConfigHomeIsReadFirst() throws {
        let home = try FlowShellBinary.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: home) }
        let configHome = home.appendingPathComponent("dotfiles")
        try writeStartupFile("sort name\n", in: configHome)
        try writeStartupFile("sort distance\n", in: home.appendingPathComponent(".config"))
        let terminal = try start(home: home, extra: ["XDG_CONFIG_HOME": configHome.path])
        let before = try terminal.expect("Cars › ")
        #expect(before.contains("7 of 7 cars, by name"))
        terminal.type("quit\r")
        #expect(try terminal.waitForExit() == 0)
    }

    @Test func aScriptDoesNotRunIt() throws {
        let home = try FlowShellBinary.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: home) }
        try writeStartupFile("sort distance\n", in: home.appendingPathComponent(".config"))
        let result = try FlowShellBinary.run(["--config", config], input: "where\n", in: home, environment: FlowShellBinary.environment(home: home))
        #expect(result.output.contains("7 of 7 cars, by price"))
        #expect(!result.output.contains("by distance"))
    }
}
