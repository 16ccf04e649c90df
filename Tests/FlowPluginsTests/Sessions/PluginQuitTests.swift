import FlowShellTestSupport
import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Leaving with a plugin that will not leave: one that ignores its stdin's end and SIGTERM.
/// `quit` waits the documented second for it, then kills its process group; Ctrl-C during
/// that wait kills it at once. The tests wait for events (the plugin's log, the shell's exit),
/// never for time; the plugin's 300-second sleep is what a hung quit would wait for.
@Suite(.serialized) struct PluginQuitTests: TestFolderSuite {
    let scratch = TemporaryFolder()

    /// The fake plugin's screen above the car list, the plugin in its `stubborn` mode.
    private static let stubbornFlow = """
        {
          "app": "fake",
          "root": "cars.list",
          "modules": ["Cars"],
          "plugins": [
            { "module": "Fake", "command": ["python3", "\(PluginFlows.fakePlugin)", "stubborn"], "timeoutMs": 60000 }
          ],
          "transitions": [
            { "from": "cars.list", "on": "selected", "to": "cars.details", "style": "push" },
            { "from": "fake.echo", "on": "done", "style": "pop" }
          ],
          "links": { "/echo/:word": ["cars.list", "fake.echo"] }
        }
        """

    private static func log(in home: URL) -> URL {
        home.appendingPathComponent("state/flowshell/fake/plugins/Fake.log")
    }

    /// Waits until the plugin that serves the screen — the last process the log notes as
    /// started, not the one the shell asked for its declarations at start, which is stubborn
    /// too — says its stdin ended: an event, polled; the bound is for liveness only.
    private static func waitForStdinToEnd(in home: URL) throws {
        let text = "stdin ended; staying"
        let deadline = ContinuousClock.now + FlowShellBinary.livenessBound
        while ContinuousClock.now < deadline {
            if let log = try? String(contentsOf: log(in: home), encoding: .utf8),
                let started = log.components(separatedBy: " as process ").last?.prefix(while: \.isNumber), !started.isEmpty,
                log.contains("\(text) (process \(started))")
            {
                return
            }
            usleep(5_000)
        }
        throw FlowShellBinary.TimeoutError(what: "the plugin's log to say \(text.debugDescription)")
    }

    /// The plugin's process, its group's leader and only member, is gone (a zombie is gone:
    /// once the shell has exited, reaping it is for whoever adopts it).
    private static func groupIsGone(_ pid: Int32) -> Bool {
        HostilePluginTests.waitUntilGone(pid)
    }

    private static func config(in home: URL) throws -> URL {
        let file = home.appendingPathComponent("fake.json")
        try stubbornFlow.write(to: file, atomically: true, encoding: .utf8)
        return file
    }

    @Test func quitKillsAPluginThatDoesNotLeaveAfterItsSecond() throws {
        let started = ContinuousClock.now
        let result = try flowshell(
            ["--config", try Self.config(in: home).path], input: "open /echo/one\nquit\n",
            environment: PluginFlows.allowingPlugins(home: home))
        #expect(result.status == 0, "\(result.errors)")
        // A liveness bound, not a measure: the plugin would have slept 300 s (and the run
        // gives up at its own bound first).
        #expect(ContinuousClock.now - started < FlowShellBinary.livenessBound)
        let log = try String(contentsOf: Self.log(in: home), encoding: .utf8)
        #expect(log.contains("stdin ended; staying"))
        #expect(log.contains("did not exit within 1.0 seconds of its stdin closing, so its process group was killed"), "\(log)")
        let pids = PluginFlows.startedProcesses(in: home.appendingPathComponent("state"))
        #expect(pids.count == 1)
        #expect(pids.allSatisfy(Self.groupIsGone), "no plugin outlives the shell")
    }

    @Test func ctrlCWhileQuitWaitsForAPluginKillsItAtOnce() throws {
        let terminal = try PluginFlows.terminal(["--config", try Self.config(in: home).path, "--fresh"], home: home)
        try terminal.expect("Cars › ")
        try terminal.enter("open /echo/one", expecting: "Echo one › ")
        terminal.type("quit\r")
        // The shell has closed the plugin's stdin and waits for it to exit: Ctrl-C now.
        try Self.waitForStdinToEnd(in: home)
        #expect(try terminal.quit(typing: "\u{03}") == 0)
        let log = try String(contentsOf: Self.log(in: home), encoding: .utf8)
        #expect(log.contains("was killed with its process group: Ctrl-C while the shell left"), "\(log)")
        #expect(!log.contains("did not exit within"), "the wait ended at Ctrl-C, not at its second")
        let pids = PluginFlows.startedProcesses(in: home.appendingPathComponent("state"))
        #expect(pids.count == 1)
        #expect(pids.allSatisfy(Self.groupIsGone), "no plugin outlives the shell")
    }

    /// Lines piped in, no terminal: Ctrl-C (SIGINT) ends the shell as its default action
    /// would — and kills its plugins' process groups first, which nothing else would stop.
    @Test func sigintToAPipedShellWaitingForAPluginEndsItWithItsPlugins() throws {
        let process = Process()
        process.executableURL = FlowShellBinary.url
        process.arguments = ["--config", try Self.config(in: home).path]
        process.currentDirectoryURL = home
        process.environment = PluginFlows.allowingPlugins(home: home)
        let stdin = Pipe()
        process.standardInput = stdin
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        try stdin.fileHandleForWriting.write(contentsOf: Data("open /echo/one\nquit\n".utf8))
        try stdin.fileHandleForWriting.close()
        try Self.waitForStdinToEnd(in: home)
        kill(process.processIdentifier, SIGINT)
        process.waitUntilExit()
        #expect(process.terminationStatus == 128 + SIGINT)
        let pids = PluginFlows.startedProcesses(in: home.appendingPathComponent("state"))
        #expect(pids.count == 1)
        #expect(pids.allSatisfy(Self.groupIsGone), "no plugin outlives the shell")
    }
}
