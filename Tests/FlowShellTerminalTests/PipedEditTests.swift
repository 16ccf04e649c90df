import FlowShellTestSupport
import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `edit` in a session whose lines come through a pipe: without VISUAL or EDITOR it is refused
/// in words (vi would read the session's next lines as its keys), and an editor that is set
/// never reads the session's input.
@Suite struct PipedEditTests: TestFolderSuite {
    let scratch = TemporaryFolder()

    @Test func editWithoutAnEditorIsRefusedAndTheNextLinesRun() throws {
        let result = try flowshell(["--config", config], input: "where\nedit\nhistory -e\nwhere\n")
        let refusal =
            "edit: this session's input is not a terminal, so vi cannot run on it; nothing was run "
            + "— set VISUAL or EDITOR to an editor that needs no terminal, or use edit at a terminal"
        #expect(result.errors == "✗ line 2: \(refusal)\n✗ line 3: \(refusal)\n")
        #expect(result.output.components(separatedBy: "1. Cars (cars.list)").count == 3, "both where lines ran: \(result.output)")
        #expect(result.status == 1)
    }

    @Test func anEditorRunFromAPipeReadsNothingOfTheSession() throws {
        // An editor that reads its stdin to the end, keeps what it read, and leaves one line.
        let editor = home.appendingPathComponent("editor")
        try """
        #!/bin/sh
        cat > "$HOME/read"
        printf 'sort distance\\n' > "$1"

        """.write(to: editor, atomically: true, encoding: .utf8)
        chmod(editor.path, 0o755)
        let result = try flowshell(
            ["--config", config], input: "edit\nwhere\n",
            environment: FlowShellBinary.environment(home: home, extra: ["EDITOR": editor.path]))
        #expect(result.errors == "")
        #expect(try String(contentsOf: home.appendingPathComponent("read"), encoding: .utf8) == "", "the editor read the session's lines")
        #expect(result.output.contains("by distance") && result.output.hasSuffix("1. Cars (cars.list)\n"), "\(result.output)")
    }
}
