import FlowShellTestSupport
import Foundation
import Testing

/// Tab at the real binary's prompt in a pseudo-terminal: values listed with what each is, a
/// setting's values, files for a path, an alias completing as its command, and a link
/// parameter's values from its module.
@Suite(.serialized) struct CompletionSessionTests: TestFolderSuite {
    let folder: TemporaryFolder
    init() throws { folder = try TemporaryFolder() }

    private func start(home: URL) throws -> PseudoTerminal {
        let terminal = try PseudoTerminal.flowshell(["--config", config], home: home)
        try terminal.expect("Cars › ")
        return terminal
    }

    @Test func tabListsCarsWithTheirNamesAndCompletesSettingsFilesAliasesAndLinks() throws {
        try FileManager.default.createDirectory(at: home.appendingPathComponent("scripts"), withIntermediateDirectories: true)
        try Data("where\n".utf8).write(to: home.appendingPathComponent("scripts/stack.fs"))
        let terminal = try start(home: home)
        // Each car id with the car's name beside it, padded to the longest id (octavia), in order.
        terminal.type("select \t")
        try terminal.expect("model3   Tesla Model 3")
        try terminal.expect("rio      Kia Rio")
        terminal.type("\u{15}set color o\t")
        try terminal.expect("off  on")
        terminal.type("\u{15}run scr\t")
        try terminal.expect("ipts/")
        terminal.type("st\t")
        try terminal.expect("ack.fs ")
        try terminal.enter("", expecting: "1. Cars (cars.list)", "Cars › ")
        try terminal.enter("alias s select", expecting: "s now stands for 'select'", "Cars › ")
        terminal.type("s ri\t")
        try terminal.expect("o ")
        try terminal.enter("", expecting: "Plate:", "Cars › Kia Rio › ")
        // A link parameter's values come from the module that resolves it: every car's plate.
        terminal.type("open /plates/K\t")
        try terminal.expect("654LM ")
        try terminal.enter("", expecting: "Plate:    K654LM", "› ")
        #expect(try terminal.quit() == 0)
    }
}
