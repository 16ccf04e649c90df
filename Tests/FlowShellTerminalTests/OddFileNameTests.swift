import FlowShellTestSupport
import Foundation
import Testing

/// File names a person may type — accented, CJK, invalid bytes, spaces, `..`, too long — for
/// `>`, `>>`, `run` and `--record`: each is written or read, or refused with one message in
/// the user's words; the shell never ends for it (`where > é` once ended it, in Foundation).
@Suite struct OddFileNameTests: TestFolderSuite {
    let scratch = TemporaryFolder()

    static let long = String(repeating: "x", count: 300)

    @Test func redirectionToOddNamesWritesThemOrSaysWhyNot() throws {
        try FileManager.default.createDirectory(at: home.appendingPathComponent("data"), withIntermediateDirectories: true)
        // Each line, as bytes: an invalid byte arrives as the replacement character.
        let lines: [[UInt8]] = [
            Array("where > é\nwhere >> é\nwhere > 日\nwhere > 'with space'\nwhere >> data/é\n".utf8),
            Array("where > '".utf8) + [0xFF] + Array("'\n".utf8),
            Array("where > ..\nwhere >> ..\nwhere > \(Self.long)\nwhere > a/é\nwhere > é/x\nquit\n".utf8),
        ]
        let result = try FlowShellBinary.run(
            ["--config", config, "--no-history"], inputBytes: lines.flatMap { $0 }, in: home,
            environment: FlowShellBinary.environment(home: home))
        #expect(result.status == 1, "the refused lines count as failures; the shell went on to quit")
        let stack = "1. Cars (cars.list)\n"
        for (name, text) in [("é", stack + stack), ("日", stack), ("with space", stack), ("data/é", stack), ("\u{FFFD}", stack)] {
            #expect(try String(contentsOf: home.appendingPathComponent(name), encoding: .utf8) == text, "\(name)")
        }
        #expect(
            result.errors == """
                ✗ line 7: cannot write to ..: it is a folder
                ✗ line 8: cannot write to ..: it is a folder
                ✗ line 9: cannot write to \(Self.long): the name is too long
                ✗ line 10: cannot write to a/é: there is no folder 'a'
                ✗ line 11: cannot write to é/x: 'é' is a file, not a folder

                """)
    }

    @Test func runReadsScriptsWithOddNamesOrSaysWhyNot() throws {
        for name in ["é", "日", "with space", "\u{FFFD}"] {
            try Data("select \(name == "é" ? "rio" : "zoe")\nback\n".utf8).write(to: home.appendingPathComponent(name))
        }
        let input =
            Array("run é\nrun 日\nrun 'with space'\nrun '".utf8) + [0xFF] + Array("'\nrun ..\nrun \(Self.long)\nrun nothing/é\nwhere\n".utf8)
        let result = try FlowShellBinary.run(
            ["--config", config, "--no-history"], inputBytes: input, in: home,
            environment: FlowShellBinary.environment(home: home))
        #expect(result.output.components(separatedBy: "\nKia Rio\n").count == 2, "é ran")
        #expect(result.output.components(separatedBy: "\nRenault Zoe\n").count == 4, "日, 'with space' and the invalid byte's ran")
        #expect(result.output.hasSuffix("1. Cars (cars.list)\n"))
        #expect(
            result.errors == """
                ✗ line 5: cannot read the script ..: '..' is a folder, not a file of commands
                ✗ line 6: cannot read the script \(Self.long): the name is too long
                ✗ line 7: cannot read the script nothing/é: there is no 'nothing/é'

                """)
    }

    @Test(arguments: ["é.rec", "日", "with space", "\u{FFFD}"])
    func aSessionIsRecordedToAnOddName(name: String) throws {
        let result = try flowshell(["--config", config, "--no-history", "--record", name], input: "where\n")
        #expect(result.status == 0, "\(result.errors)")
        let recording = try String(contentsOf: home.appendingPathComponent(name), encoding: .utf8)
        #expect(recording.contains("\"line\":\"where\""), "\(recording)")
    }

    @Test(arguments: [
        ("..", "'..' is a folder, not a file"),
        (long, "the name is too long"),
        ("nothing/é", "there is no folder 'nothing'"),
    ])
    func aRecordingThatCannotBeWrittenIsSaidInWords(name: String, reason: String) throws {
        let result = try flowshell(["--config", config, "--no-history", "--record", name], input: "where\n")
        #expect(result.status == 2)
        #expect(result.errors == "error: cannot record to \(name): \(reason)\n")
    }
}
