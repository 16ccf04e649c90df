import FlowPluginProtocol
import FlowPlugins
import FlowShellKit
import Foundation

/// The fake plugin of the protocol tests, started through the supervisor as the shell would.
@MainActor
struct FakePlugin {
    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/fake_plugin.py").path

    let host = PluginHost()
    let spec: PluginSpec
    let log: String

    /// A fake plugin in `mode`, its log in `folder`.
    init(_ mode: String = "normal", timeoutMilliseconds: Int = 60_000, folder: URL) {
        log = folder.appendingPathComponent("Fake.log").path
        spec = PluginSpec(
            module: "Fake", command: ["python3", Self.script, mode], configDirectory: folder.path,
            timeoutMilliseconds: timeoutMilliseconds, logPath: log, configLine: "test.json:1:1: plugins[0]")
    }

    /// Its declarations, asked as `check` asks.
    func declarations() throws(PluginProbeError) -> ModuleDeclaration {
        try PluginProbe.declarations(of: spec, log: PluginLog(path: log))
    }

    /// Its module, as the shell makes it.
    func module() throws -> FeatureModule {
        host.module(spec, declaration: try declarations(), approval: nil)
    }

    /// Opens `fake.echo` with the word `word`.
    func open(_ word: String = "hello") async throws -> any HostedScreen {
        let module = try module()
        guard let echo = module.screen("fake.echo") else { throw UserFacingError("no fake.echo") }
        return try await echo.make(FeatureInput(["word": word]), ScreenContext())
    }

    /// What the plugin wrote to its log, with the shell's notes.
    var logText: String {
        (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
    }
}

/// Whether a process with this id still exists (a reaped one does not).
func processExists(_ pid: Int32) -> Bool {
    kill(pid, 0) == 0
}
