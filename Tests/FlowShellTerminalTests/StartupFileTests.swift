import FlowShellTestSupport
import Foundation
import Testing

/// The person's startup file, `$XDG_CONFIG_HOME/flowshell/init` (else `~/.config/flowshell/init`),
/// run at the prompt of the real binary in a pseudo-terminal: quietly, with `FILE:LINE` errors.
@Suite(.serialized) struct StartupFileTests: TestFolderSuite {
    let scratch = TemporaryFolder()

    private func writeStartupFile(_ text: String, in folder: URL) throws {
        let file = folder.appendingPathComponent("flowshell/init")
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: file)
    }

    private func start(home: URL, extra: [String: String] = [:]) throws -> PseudoTerminal {
        try PseudoTerminal.flowshell(
            ["--config", config], home: home,
            environment: FlowShellBinary.environment(home: home, extra: ["NO_COLOR": "1"].merging(extra) { $1 }))
    }

    @Test func theStartupFileRunsAtThePromptQuietlyAndNamesItsLines() throws {
        try writeStartupFile("# my dotfile\nalias cheap sort price\nfly away\nsort distance\n", in: home.appendingPathComponent(".config"))
        let terminal = try start(home: home)
        let before = try terminal.expect("Cars › ")
        #expect(before.contains("~/.config/flowshell/init:3: unknown command 'fly' here"))
        #expect(before.contains("7 of 7 cars, by distance"), "a failed line does not stop the file; its screen shows")
        #expect(!before.contains("cheap now stands for"), "a startup file says nothing when all is well")
        try terminal.enter("cheap", expecting: "7 of 7 cars, by price", "Cars › ")
        #expect(try terminal.quit() == 0)
    }

    @Test func xdgConfigHomeIsReadFirst() throws {
        let configHome = home.appendingPathComponent("dotfiles")
        try writeStartupFile("sort name\n", in: configHome)
        try writeStartupFile("sort distance\n", in: home.appendingPathComponent(".config"))
        let terminal = try start(home: home, extra: ["XDG_CONFIG_HOME": configHome.path])
        let before = try terminal.expect("Cars › ")
        #expect(before.contains("7 of 7 cars, by name"))
        #expect(try terminal.quit() == 0)
    }

    @Test func aScriptDoesNotRunIt() throws {
        try writeStartupFile("sort distance\n", in: home.appendingPathComponent(".config"))
        let result = try flowshell(["--config", config], input: "where\n")
        #expect(result.output.contains("7 of 7 cars, by price"))
        #expect(!result.output.contains("by distance"))
    }

    /// Whatever the startup file holds — a setting alone, a command that changes the screen, one
    /// that opens another — the first screen is printed once, at 80×24 under bash.
    @Test(arguments: ["set confirm-quit off\n", "sort distance\n", "select rio\n"])
    func theFirstScreenIsPrintedOnce(startup: String) throws {
        try writeStartupFile(startup, in: home.appendingPathComponent(".config"))
        let terminal = try PseudoTerminal.interactiveBash(home: home)
        terminal.type("'\(FlowShellBinary.url.path)' --config '\(config)'\r")
        let prompt = startup.hasPrefix("select") ? "Cars › Kia Rio › " : "Cars › "
        let before = try terminal.expect(prompt)
        let footer = startup.hasPrefix("select") ? "commands: book" : "7 of 7 cars"
        #expect(before.components(separatedBy: footer).count == 2, "\(before)")
        try terminal.enter("quit", expecting: "$ ")
        #expect(try terminal.quit(typing: "exit\r") == 0)
    }
}
