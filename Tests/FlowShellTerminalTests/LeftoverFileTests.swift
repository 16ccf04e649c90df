import FlowShellTestSupport
import Foundation
import Testing

/// What a crash or an odd file leaves: temporary files of the history and the state, which the
/// next start removes, and a history file the shell cannot read, which is kept as it was.
@Suite(.serialized) struct LeftoverFileTests: TestFolderSuite {
    let scratch = TemporaryFolder()

    /// The shell's state folder in `home`.
    func stateFolder(in home: URL) -> URL {
        home.appendingPathComponent("state/flowshell/carsharing")
    }

    /// A process id that has ended: a program run to its end.
    func endedProcess() throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "exit 0"]
        try process.run()
        process.waitUntilExit()
        return process.processIdentifier
    }

    @Test func killedShellsLeaveNoTemporaryFileAfterTheNextStart() throws {
        let environment = FlowShellBinary.environment(home: home, extra: ["NO_COLOR": "1"])
        // Shells killed while they save their history and where they were, at whatever moment.
        for round in 0..<5 {
            let terminal = try PseudoTerminal.flowshell(["--config", config], home: home, environment: environment)
            try terminal.expect("› ")
            terminal.type(round.isMultiple(of: 2) ? "select rio\r" : "back\r")
            terminal.type("where\r")
            if round > 0 { try terminal.expect("1. Cars") }
            kill(terminal.pid, SIGKILL)
            #expect(try terminal.waitForExit() == 128 + SIGKILL)
        }
        // And what a kill right inside a save leaves, as an older shell (Foundation's name) or
        // this one would: temporary files of processes that have ended.
        let folder = stateFolder(in: home)
        let ended = try endedProcess()
        let leftovers = [
            "history.\(ended).tmp", "navigation.json.\(ended).tmp", ".dat.nosync\(String(ended, radix: 16, uppercase: true)).a1B2c3",
        ]
        for name in leftovers {
            try Data("half".utf8).write(to: folder.appendingPathComponent(name))
        }
        // A file that only looks like one (another program's, or a running process's) stays.
        let running = "navigation.json.\(getpid()).tmp"
        try Data("mine".utf8).write(to: folder.appendingPathComponent(running))

        let terminal = try PseudoTerminal.flowshell(["--config", config], home: home, environment: environment)
        try terminal.expect("› ")
        #expect(try terminal.quit() == 0)
        let left = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        #expect(left == ["history", "navigation.json", running].sorted())
    }

    @Test func aHistoryFileTheShellCannotReadIsKeptAsItWas() throws {
        let folder = stateFolder(in: home)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        // Lines someone kept by hand, not in the shell's (libedit's) format.
        let theirs = "select rio\nbook\n"
        try Data(theirs.utf8).write(to: folder.appendingPathComponent("history"))
        let terminal = try PseudoTerminal.flowshell(["--config", config], home: home, columns: 300)
        let start = try terminal.expect("Cars › ")
        let history = folder.appendingPathComponent("history").path
        #expect(start.contains("warning: the history file \(history) is not one this shell can read; it is kept as history.unreadable-"))
        try terminal.enter("where", expecting: "1. Cars")
        #expect(try terminal.quit() == 0)
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        let kept = try #require(names.first { $0.hasPrefix("history.unreadable-") })
        #expect(try String(contentsOf: folder.appendingPathComponent(kept), encoding: .utf8) == theirs)
        // This session's lines are in a new history.
        let new = try String(contentsOfFile: history, encoding: .utf8)
        #expect(new.contains("where\n"))
        #expect(!new.contains("select rio"))
    }

    /// An empty or blank history file (`touch`, a full disk) has no lines to lose: it is used
    /// as it is, with no warning and nothing kept aside.
    @Test(arguments: ["", "\n \n"]) func anEmptyHistoryFileIsUsedAsItIs(contents: String) throws {
        let folder = stateFolder(in: home)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data(contents.utf8).write(to: folder.appendingPathComponent("history"))
        let terminal = try PseudoTerminal.flowshell(["--config", config], home: home, columns: 300)
        let start = try terminal.expect("Cars › ")
        #expect(!start.contains("warning"), "\(start.debugDescription)")
        try terminal.enter("where", expecting: "1. Cars")
        #expect(try terminal.quit() == 0)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == ["history", "navigation.json"])
        #expect(try String(contentsOf: folder.appendingPathComponent("history"), encoding: .utf8).contains("where\n"))
    }
}
