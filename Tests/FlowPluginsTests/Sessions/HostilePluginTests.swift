import FlowShellTestSupport
import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Plugins that misbehave as an adversary would, each case bounded only by a liveness bound:
/// none may reach the terminal or hold the shell past its documented limits.
@Suite struct HostilePluginTests: TestFolderSuite {
    let scratch = TemporaryFolder()

    /// A folder with `plugin.sh` (the shell script `body`, which then runs the fake plugin) and
    /// `flow.json` naming it; the caller removes it.
    static func hostileFlow(_ body: String) throws -> (folder: URL, config: URL) {
        let folder = try FlowShellBinary.temporaryFolder()
        let script = folder.appendingPathComponent("plugin.sh")
        try "#!/bin/sh\n\(body)\nexec python3 '\(PluginFlows.fakePlugin)'\n".write(to: script, atomically: true, encoding: .utf8)
        let config = folder.appendingPathComponent("flow.json")
        try PluginFlows.fake.replacingOccurrences(of: #"["python3", "\#(PluginFlows.fakePlugin)"]"#, with: #"["sh", "plugin.sh"]"#)
            .write(to: config, atomically: true, encoding: .utf8)
        return (folder, config)
    }

    /// The process id a file holds, once it is there.
    static func processID(in file: URL) -> pid_t? {
        (try? String(contentsOf: file, encoding: .utf8)).flatMap { pid_t($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
    }

    /// Whether `pid` is a live process (not gone, not a zombie waiting for its parent).
    static func isAlive(_ pid: pid_t) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let close = stat.lastIndex(of: ")")
        else { return false }
        return !stat[stat.index(after: close)...].hasPrefix(" Z")
    }

    /// Waits until `pid` is no longer alive; false if it still is at the liveness bound.
    static func waitUntilGone(_ pid: pid_t) -> Bool {
        let deadline = ContinuousClock.now + FlowShellBinary.livenessBound
        while isAlive(pid) {
            guard ContinuousClock.now < deadline else { return false }
            usleep(10_000)
        }
        return true
    }

    /// A child that keeps the plugin's stdout open — in the plugin's group, or in a session of
    /// its own — holds neither the check, nor the start, nor quit: each ends within its limits
    /// (here, well within the liveness bound, which the children's five minutes exceed).
    @Test func aDescendantHoldingStdoutOpenHoldsNoWait() throws {
        let (folder, config) = try Self.hostileFlow(
            """
            sleep 300 & echo $! > grouped.pid
            python3 -c 'import os, time; os.setsid(); open("detached.pid", "w").write(str(os.getpid())); time.sleep(300)' &
            """)
        defer {
            for file in ["grouped.pid", "detached.pid"] {
                if let pid = Self.processID(in: folder.appendingPathComponent(file)) { kill(pid, SIGKILL) }
            }
            try? FileManager.default.removeItem(at: folder)
        }
        let environment = PluginFlows.allowingPlugins(home: folder)
        let check = try FlowShellBinary.run(["check", "--config", config.path], input: "", in: folder, environment: environment)
        #expect(check.status == 0, "\(check.output)")
        let grouped = try #require(Self.processID(in: folder.appendingPathComponent("grouped.pid")))
        #expect(Self.waitUntilGone(grouped), "the plugin's group is stopped with it")

        try FileManager.default.removeItem(at: folder.appendingPathComponent("state"))  // no cache: asked again at the start
        let session = try FlowShellBinary.run(
            ["--config", config.path], input: "open /echo/hi\nwhere\nquit\n", in: folder, environment: environment)
        #expect(session.status == 0, "\(session.errors)")
        #expect(session.output.contains("2. Echo hi (fake.echo, word=hi)"))
        let groupedAgain = try #require(Self.processID(in: folder.appendingPathComponent("grouped.pid")))
        #expect(Self.waitUntilGone(groupedAgain))
    }

    /// A plugin that floods its stderr fills no disk: its log is set aside past 1 MiB, keeping
    /// one previous copy.
    @Test func aFloodOnStderrIsCappedInTheLog() throws {
        let (folder, config) = try Self.hostileFlow("head -c 3000000 /dev/zero | tr '\\0' x >&2")
        defer { try? FileManager.default.removeItem(at: folder) }
        let check = try FlowShellBinary.run(
            ["check", "--config", config.path], input: "", in: folder,
            environment: PluginFlows.allowingPlugins(home: folder))
        #expect(check.status == 0, "\(check.output)")
        let logs = folder.appendingPathComponent("state/flowshell/fake/plugins")
        let names = try FileManager.default.contentsOfDirectory(atPath: logs.path).filter { $0.hasPrefix("Fake.log") }.sorted()
        #expect(names == ["Fake.log", "Fake.log.1"])
        for name in names {
            let size = try FileManager.default.attributesOfItem(atPath: logs.appendingPathComponent(name).path)[.size] as? Int ?? .max
            #expect(size <= 1 << 20, "\(name) is \(size) bytes")
        }
    }

    /// A symlink in place of a plugin's log is not followed: nothing is written where it points.
    @Test func aSymlinkInPlaceOfTheLogIsNotFollowed() throws {
        let (folder, config) = try Self.hostileFlow("echo 'to the log' >&2")
        defer { try? FileManager.default.removeItem(at: folder) }
        let logs = folder.appendingPathComponent("state/flowshell/fake/plugins")
        try FileManager.default.createDirectory(at: logs, withIntermediateDirectories: true)
        let elsewhere = folder.appendingPathComponent("elsewhere.txt")
        try FileManager.default.createSymbolicLink(
            atPath: logs.appendingPathComponent("Fake.log").path, withDestinationPath: elsewhere.path)
        let check = try FlowShellBinary.run(
            ["check", "--config", config.path], input: "", in: folder,
            environment: PluginFlows.allowingPlugins(home: folder))
        #expect(check.status == 0, "\(check.output)")
        #expect(!FileManager.default.fileExists(atPath: elsewhere.path))
    }

    /// A line past the protocol's limit, and a stdout closed while the plugin runs, are named as
    /// such — not as the signal that stopped the plugin.
    @Test(arguments: [
        ("head -c 70000000 /dev/zero | tr '\\0' x", "wrote a line longer than 64 MiB, the protocol's limit, so it was stopped"),
        ("exec 1>&-; sleep 300", "closed its stdout while running, so it was stopped"),
    ])
    func aBrokenLimitIsNamed(body: String, reason: String) throws {
        let (folder, config) = try Self.hostileFlow(body)
        defer { try? FileManager.default.removeItem(at: folder) }
        let check = try FlowShellBinary.run(
            ["check", "--config", config.path], input: "", in: folder,
            environment: PluginFlows.allowingPlugins(home: folder))
        #expect(check.status == 1)
        #expect(
            check.output.hasPrefix("\(config.path):6:5: error: plugins[0]: plugin Fake (sh plugin.sh) \(reason) (its log: "),
            "\(check.output)")
    }

    /// An answer that is not UTF-8, or nested past the protocol's depth, is named as such —
    /// not as JSON that is not valid, or as an answer that never came.
    @Test(arguments: [
        ("badutf8", "plugin Fake's screen 'Echo' answered 'open' wrongly: the line is not valid UTF-8 (at byte 65)"),
        ("deep", "plugin Fake sent a line nested deeper than 256 levels, the protocol's limit, so it was stopped"),
    ])
    func aMalformedAnswerIsNamed(mode: String, message: String) throws {
        let home = try FlowShellBinary.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: home) }
        let config = try PluginFlows.writeFake(mode: mode, in: home)
        let result = try FlowShellBinary.run(
            ["--config", config.path], input: "open /echo/hi\n", in: home,
            environment: PluginFlows.allowingPlugins(home: home))
        #expect(result.status == 1)
        #expect(result.errors.contains(message), "\(result.errors)")
    }

    /// A view's commands are the declared ones: one it lists without declaring it is neither
    /// offered nor run, and one named like a global command stays the shell's.
    @Test func aViewCannotAddCommandsItDoesNotDeclare() throws {
        let config = try PluginFlows.writeFake(mode: "undeclared", in: home)
        let result = try flowshell(
            ["--config", config.path], input: "open /echo/hi\nhelp\nwipe\nback\nwhere\n",
            environment: PluginFlows.allowingPlugins(home: home))
        let lines = result.output.components(separatedBy: "\n")
        #expect(lines.contains("commands: echo — help for more"))
        #expect(!result.output.contains("Never declared"))
        #expect(!result.output.contains("Not the shell's back"))
        #expect(result.errors.contains("wipe"), "\(result.errors)")
        #expect(lines.last(where: { $0.hasPrefix("1. ") || $0.hasPrefix("2. ") }) == "1. Cars (cars.list)", "back is the shell's")
    }

    /// In a script, SIGTERM or SIGHUP ends the shell and stops its plugins' process groups,
    /// which a plugin's child that ignores the end of stdin would otherwise outlive.
    @Test(arguments: [SIGTERM, SIGHUP])
    func aScriptEndedByASignalStopsItsPlugins(signal number: Int32) throws {
        let (folder, config) = try Self.hostileFlow("sleep 300 & echo $! > grouped.pid")
        defer {
            if let pid = Self.processID(in: folder.appendingPathComponent("grouped.pid")) { kill(pid, SIGKILL) }
            try? FileManager.default.removeItem(at: folder)
        }
        let process = Process()
        process.executableURL = FlowShellBinary.url
        process.arguments = ["--config", config.path]
        process.currentDirectoryURL = folder
        process.environment = PluginFlows.allowingPlugins(home: folder)
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        // The line is run and its output written before the shell waits for the next, which
        // never comes: stdin stays open.
        try input.fileHandleForWriting.write(contentsOf: Data("open /echo/hi\n".utf8))
        var seen = Data()
        while String(decoding: seen, as: UTF8.self).range(of: "Echo hi") == nil {
            let chunk = output.fileHandleForReading.availableData
            guard !chunk.isEmpty else { break }
            seen += chunk
        }
        #expect(String(decoding: seen, as: UTF8.self).contains("Echo hi"))
        let grouped = try #require(Self.processID(in: folder.appendingPathComponent("grouped.pid")))
        kill(process.processIdentifier, number)
        process.waitUntilExit()
        #expect(process.terminationStatus == 128 + number)
        #expect(Self.waitUntilGone(grouped), "the plugin's group is stopped with the shell")
        try? input.fileHandleForWriting.close()
    }
}
