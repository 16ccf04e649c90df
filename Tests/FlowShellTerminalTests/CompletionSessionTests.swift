import FlowShellTestSupport
import Foundation
import Testing

/// Tab at the real binary's prompt in a pseudo-terminal: values listed with what each is, a
/// setting's values, files for a path, an alias completing as its command, and a link
/// parameter's values from its module.
@Suite(.serialized) struct CompletionSessionTests: TestFolderSuite {
    let scratch = TemporaryFolder()

    @Test func tabListsCarsWithTheirNamesAndCompletesSettingsFilesAliasesAndLinks() throws {
        try FileManager.default.createDirectory(at: home.appendingPathComponent("scripts"), withIntermediateDirectories: true)
        try Data("where\n".utf8).write(to: home.appendingPathComponent("scripts/stack.fs"))
        let terminal = try atCars(["--config", config])
        // Each car id with the car's name beside it, padded to the longest id (octavia), in order.
        try terminal.type("select \t", expecting: "model3   Tesla Model 3")
        try terminal.expect("rio      Kia Rio")
        try terminal.type("\u{15}set color o\t", expecting: "off  on")
        try terminal.type("\u{15}run scr\t", expecting: "ipts/")
        try terminal.type("st\t", expecting: "ack.fs ")
        try terminal.enter("", expecting: "1. Cars (cars.list)", "Cars › ")
        try terminal.enter("alias s select", expecting: "s now stands for 'select'", "Cars › ")
        try terminal.type("s ri\t", expecting: "o ")
        try terminal.enter("", expecting: "Plate:", "Cars › Kia Rio › ")
        // A link parameter's values come from the module that resolves it: every car's plate.
        try terminal.type("open /plates/K\t", expecting: "654LM ")
        try terminal.enter("", expecting: "Plate:    K654LM", "› ")
        #expect(try terminal.quit() == 0)
    }
}
