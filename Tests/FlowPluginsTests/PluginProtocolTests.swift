import FlowPluginProtocol
import FlowPlugins
import FlowShellKit
import FlowShellTestSupport
import Foundation
import Testing

/// The supervisor against a plugin that misbehaves on request: each fault is one clear line,
/// the shell side stays usable, and the plugin starts again when next used. The tests wait
/// for answers, never for time; the only waits are the plugin's own deadlines.
@MainActor
@Suite struct PluginProtocolTests: TestFolderSuite {
    let scratch = TemporaryFolder()

    @Test func aPluginIsAskedForItsScreensAndServesThem() async throws {
        let fake = FakePlugin(folder: home)
        let declaration = try fake.declarations()
        #expect(declaration.name == "Fake")
        #expect(declaration.screens.map(\.id) == ["fake.echo", "fake.lock"])
        #expect(declaration.conditions == [ConditionDeclaration(name: "unlocked", summary: "the unlock code")])
        #expect(declaration.screens[0].inputs == ["word"])

        let screen = try await fake.open("hi")
        #expect(screen.viewProperties.title == "Echo hi")
        #expect(screen.viewProperties.command(named: "echo") != nil)
        #expect(try await screen.perform("echo", arguments: ["one", "two"]).isEmpty)
        #expect(screen.viewProperties.title == "Echo one two")
        #expect(try await screen.perform("emit", arguments: []) == [FeatureEvent("done", payload: ["word": "hi"])])
        await fake.host.shutDown()
    }

    @Test func anotherMajorVersionIsRefusedInOneLine() throws {
        #expect {
            try FakePlugin("version2", folder: home).declarations()
        } throws: { error in
            (error as? PluginProbeError)?.reason
                == "speaks flowshell-plugin 2.0.0; this shell speaks 1.x (1.3.0) — use a plugin or a shell of the same major version"
        }
    }

    @Test func aPluginThatNeverSaysHelloIsStoppedAtItsDeadline() async throws {
        let fake = FakePlugin("nohello", timeoutMilliseconds: 300, folder: home)
        // A plugin has its time limit, but at least ten seconds, to start and say hello.
        #expect {
            try fake.declarations()
        } throws: { error in
            (error as? PluginProbeError)?.reason == "did not say hello within 10000 ms (its log: \(fake.log))"
        }
        // Opening a screen of it (with declarations from a cache, say) fails the same way.
        let module = fake.host.module(
            fake.spec, declaration: ModuleDeclaration(name: "Fake", screens: [ScreenDeclaration(id: "fake.echo", title: "Echo")]),
            approval: nil)
        await #expect(throws: UserFacingError("plugin Fake did not say hello within 10000 ms (its log: \(fake.log))")) {
            _ = try await module.screens[0].make(FeatureInput(["word": "x"]), ScreenContext())
        }
        #expect(fake.host.runningProcessIDs.isEmpty)
    }

    @Test func aPluginThatExitsAtStartIsOneLineAndItsStderrIsLogged() throws {
        let fake = FakePlugin("exit", folder: home)
        #expect {
            try fake.declarations()
        } throws: { error in
            (error as? PluginProbeError)?.reason == "exited (exit status 4) before saying hello (its log: \(fake.log))"
        }
        #expect(fake.logText.contains("cannot start: something is missing"))
    }

    @Test func aProgramThatDoesNotExistIsNamed() throws {
        for (command, reason) in [
            (["no-such-plugin-program"], "cannot start: no program 'no-such-plugin-program' in PATH"),
            (["plugins/missing.py"], "cannot start: no such program 'plugins/missing.py' (relative to the config's folder)"),
        ] {
            let spec = PluginSpec(
                module: "Fake", command: command, configDirectory: home.path, timeoutMilliseconds: 1000,
                logPath: nil, configLine: "")
            #expect {
                try PluginProbe.declarations(of: spec, log: PluginLog(path: nil))
            } throws: { error in
                (error as? PluginProbeError)?.reason == reason
            }
        }
    }

    @Test func garbageAndStrayLinesAreLoggedAndSkipped() async throws {
        let fake = FakePlugin("garbage", folder: home)
        let screen = try await fake.open()
        _ = try await screen.perform("stray", arguments: [])
        #expect(screen.viewProperties.title == "After stray lines")
        let log = fake.logText
        #expect(log.contains("skipped a line that is not a protocol message: Loading the fake plugin…"))
        #expect(log.contains("skipped a line that is not a protocol message: {not json"))
        #expect(log.contains("skipped a line that is not a protocol message: a line that is no message"))
        #expect(log.contains("skipped a line that is not a protocol message: [1, 2, 3]"))
        await fake.host.shutDown()
    }

    @Test func aCrashMidCommandIsOneLineAndThePluginStartsAgainOnNextUse() async throws {
        let fake = FakePlugin(folder: home)
        let module = try fake.module()
        let screen = try await module.screens[0].make(FeatureInput(["word": "a"]), ScreenContext())
        let first = try #require(fake.host.runningProcessIDs.first)
        await #expect(
            throws: UserFacingError(
                "plugin Fake stopped (exit status 3); its screens are closed, and it starts again when next used (its log: \(fake.log))")
        ) {
            _ = try await screen.perform("crash", arguments: [])
        }
        #expect(fake.host.hasStopped(screen))
        #expect(!processExists(first))
        // Its screen refuses every command in the same words until the shell closes it.
        await #expect(throws: UserFacingError.self) { _ = try await screen.perform("echo", arguments: ["x"]) }

        let again = try await module.screens[0].make(FeatureInput(["word": "b"]), ScreenContext())
        #expect(!fake.host.hasStopped(again))
        #expect(fake.host.runningProcessIDs != [first])
        _ = try await again.perform("echo", arguments: ["back"])
        #expect(again.viewProperties.title == "Echo back")
        await fake.host.shutDown()
    }

    @Test func aHungCommandIsStoppedAtTheDeadline() async throws {
        // Long enough for opening the screen on a busy machine; 'hang' never answers.
        let fake = FakePlugin(timeoutMilliseconds: 3000, folder: home)
        let screen = try await fake.open()
        let pid = try #require(fake.host.runningProcessIDs.first)
        await #expect(
            throws: UserFacingError(
                "plugin Fake did not answer 'command' within 3000 ms, so it was stopped; its screens are closed, and it starts again when next used (its log: \(fake.log))"
            )
        ) {
            _ = try await screen.perform("hang", arguments: [])
        }
        #expect(fake.host.hasStopped(screen))
        #expect(!processExists(pid))
    }

    @Test func aCancelThatThePluginHonoursLeavesItRunning() async throws {
        let fake = FakePlugin(folder: home)
        let screen = try await fake.open()
        let command = Task { @MainActor in try await screen.perform("slow", arguments: []) }
        command.cancel()
        await #expect(throws: CancellationError.self) { _ = try await command.value }
        #expect(!fake.host.hasStopped(screen))
        _ = try await screen.perform("echo", arguments: ["still", "here"])
        #expect(screen.viewProperties.title == "Echo still here")
        await fake.host.shutDown()
    }

    @Test func aCancelThatThePluginIgnoresEndsInAKill() async throws {
        let fake = FakePlugin(folder: home)
        let screen = try await fake.open()
        let pid = try #require(fake.host.runningProcessIDs.first)
        let command = Task { @MainActor in try await screen.perform("hang", arguments: []) }
        command.cancel()
        await #expect(
            throws: UserFacingError(
                "plugin Fake did not stop 'command' when cancelled, so it was stopped; its screens are closed, and it starts again when next used (its log: \(fake.log))"
            )
        ) {
            _ = try await command.value
        }
        #expect(fake.host.hasStopped(screen))
        #expect(!processExists(pid))
    }

    @Test func aPluginThatStopsReadingCannotStallTheShell() async throws {
        let fake = FakePlugin("deaf", folder: home)
        let screen = try await fake.open()
        // More than a pipe holds: the write waits two seconds for the plugin, then gives up.
        let words = Array(repeating: String(repeating: "x", count: 1000), count: 300)
        await #expect(
            throws: UserFacingError(
                "plugin Fake does not read what the shell sends, so it was stopped; its screens are closed, and it starts again when next used (its log: \(fake.log))"
            )
        ) {
            _ = try await screen.perform("echo", arguments: words)
        }
        #expect(fake.host.hasStopped(screen))
    }

    @Test func aViewOfTenThousandRowsArrivesWhole() async throws {
        let fake = FakePlugin(folder: home)
        let screen = try await fake.open()
        _ = try await screen.perform("rows", arguments: ["10000"])
        guard case .table(let table) = try #require(screen.viewProperties.content.first) else {
            Issue.record("expected a table")
            return
        }
        #expect(table.rows.count == 10_000)
        #expect(table.rows.last == ["9999", "row 9999"])
        await fake.host.shutDown()
    }

    @Test func anEventTheScreenDoesNotDeclareIsRefused() async throws {
        let fake = FakePlugin(folder: home)
        let screen = try await fake.open()
        await #expect(
            throws: UserFacingError(
                "plugin Fake: screen 'fake.echo' emitted 'surprise', which it does not declare (it declares done); nothing changed")
        ) {
            _ = try await screen.perform("undeclared", arguments: [])
        }
        #expect(!fake.host.hasStopped(screen))
        await fake.host.shutDown()
    }

    @Test func commandsAreCheckedBeforeThePluginIsAsked() async throws {
        let fake = FakePlugin(folder: home)
        let screen = try await fake.open()
        await #expect(throws: UnknownCommand(name: "nope")) { _ = try await screen.perform("nope", arguments: []) }
        await #expect(throws: UserFacingError("missing N — usage: rows N")) { _ = try await screen.perform("rows", arguments: []) }
        await fake.host.shutDown()
    }

    @Test func shuttingDownLeavesNoProcess() async throws {
        let fake = FakePlugin(folder: home)
        _ = try await fake.open()
        let pid = try #require(fake.host.runningProcessIDs.first)
        #expect(processExists(pid))
        await fake.host.shutDown()
        #expect(!processExists(pid))
        #expect(fake.host.runningProcessIDs.isEmpty)
    }
}
