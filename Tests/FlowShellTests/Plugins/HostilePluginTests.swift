import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Plugins that misbehave as an adversary would, each case bounded only by a liveness bound:
/// none may reach the terminal or hold the shell past its documented limits.
@Suite struct HostilePluginTests {
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
              let close = stat.lastIndex(of: ")") else { return false }
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
        let (folder, config) = try Self.hostileFlow("""
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
        let session = try FlowShellBinary.run(["--config", config.path], input: "open /echo/hi\nwhere\nquit\n", in: folder, environment: environment)
        #expect(session.status == 0, "\(session.errors)")
        #expect(session.output.contains("2. Echo hi (fake.echo, word=hi)"))
        let groupedAgain = try #require(Self.processID(in: folder.appendingPathComponent("grouped.pid")))
        #expect(Self.waitUntilGone(groupedAgain))
    }
}
