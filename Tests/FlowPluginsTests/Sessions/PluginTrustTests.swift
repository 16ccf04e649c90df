import FlowCoordinator
import FlowPlugins
import FlowShellKit
@testable import FlowShellRuntime
import FlowShellTestSupport
import Foundation
import Testing

/// A config's plugins run only once the user trusts it (`flowshell trust`), as it is then: an
/// untrusted config runs nothing, and neither does one whose programs changed since.
@Suite struct PluginTrustTests: TestFolderSuite {
    let scratch = TemporaryFolder()

    /// A repository as if just cloned: `config.json` names a plugin, `sh plugin.sh`, which notes
    /// each start in `started` and then runs the fake plugin. (Run by `sh`, not executed itself:
    /// a script just written cannot be executed while a process another test forks holds it open.)
    private func clonedRepository() throws -> URL {
        let repository = home.appendingPathComponent("repository")
        try FileManager.default.createDirectory(at: repository, withIntermediateDirectories: true)
        let script = repository.appendingPathComponent("plugin.sh")
        try "#!/bin/sh\necho started >> started\nexec python3 '\(PluginFlows.fakePlugin)'\n".write(
            to: script, atomically: true, encoding: .utf8)
        try PluginFlows.fake.replacingOccurrences(of: #"["python3", "\#(PluginFlows.fakePlugin)"]"#, with: #"["sh", "plugin.sh"]"#)
            .write(to: repository.appendingPathComponent("config.json"), atomically: true, encoding: .utf8)
        return repository
    }

    private func starts(in repository: URL) -> Int {
        let text = (try? String(contentsOf: repository.appendingPathComponent("started"), encoding: .utf8)) ?? ""
        return text.split(separator: "\n").count
    }

    @Test func aClonedConfigRunsNothingUntilTrustedAndAsksAgainWhenItsProgramChanges() throws {
        let repository = try clonedRepository()
        let environment = FlowShellBinary.environment(home: home)
        /// The one line that refuses to run it: the shell, the script, the command to type.
        func refusal(_ text: String, _ why: String) -> Bool {
            text.hasPrefix("error: config.json \(why): sh plugin.sh (/")
                && text.hasSuffix("); once you have looked at them, type: flowshell trust\n")
                && text.split(separator: "\n").count == 1
        }

        // Run refuses in one line, naming the command to type.
        let refused = try FlowShellBinary.run([], input: "open /echo/hi\n", in: repository, environment: environment)
        #expect(refused.status == 2)
        #expect(refusal(refused.errors, "runs programs you have not trusted"), "\(refused.errors)")
        // Check and graph check the rest and say what they did not start.
        let check = try FlowShellBinary.run(["check"], input: "", in: repository, environment: environment)
        #expect(check.status == 0)
        #expect(
            check.output == """
                config.json:6:5: warning: plugins[0]: plugin Fake (sh plugin.sh) was not started, as this config is not trusted (flowshell trust allows it); its screens are not checked
                config.json: 1 warning

                """)
        let graph = try FlowShellBinary.run(["graph"], input: "", in: repository, environment: environment)
        #expect(graph.status == 0)
        #expect(graph.output.contains("n_cars_list"))
        #expect(starts(in: repository) == 0, "nothing ran")

        // Trusted: recorded in the user's state folder, not in the project.
        let trusted = try FlowShellBinary.run(["trust"], input: "", in: repository, environment: environment)
        #expect(trusted.status == 0)
        #expect(trusted.output.hasPrefix("trusted config.json: its plugins may run\n  Fake: sh plugin.sh (/"))
        #expect(FileManager.default.fileExists(atPath: home.appendingPathComponent("state/flowshell/trusted-configs.json").path))
        #expect(try FileManager.default.contentsOfDirectory(atPath: repository.path).sorted() == ["config.json", "plugin.sh"])
        let ran = try FlowShellBinary.run([], input: "open /echo/hi\nwhere\n", in: repository, environment: environment)
        #expect(!ran.errors.contains("trust"), "\(ran.errors)")
        #expect(ran.status == 0)
        #expect(ran.output.contains("2. Echo hi (fake.echo, word=hi)"))
        #expect(starts(in: repository) == 2, "asked for its screens, then run")

        // The plugin's program changed: asked again.
        let handle = try FileHandle(forWritingTo: repository.appendingPathComponent("plugin.sh"))
        try handle.seekToEnd()
        try handle.write(contentsOf: Data("# changed\n".utf8))
        try handle.close()
        let changed = try FlowShellBinary.run([], input: "open /echo/hi\n", in: repository, environment: environment)
        #expect(changed.status == 2)
        #expect(refusal(changed.errors, "runs other programs than when you trusted it"), "\(changed.errors)")
        #expect(starts(in: repository) == 2)

        // One run may opt in, with the flag or the environment variable.
        let flagged = try FlowShellBinary.run(["--allow-plugins"], input: "open /echo/hi\n", in: repository, environment: environment)
        #expect(flagged.status == 0)
        #expect(starts(in: repository) == 4, "asked again, as the program changed, then run")

        let untrusted = try FlowShellBinary.run(["untrust"], input: "", in: repository, environment: environment)
        #expect(untrusted.output == "config.json is no longer trusted: its plugins will not run\n")
        let again = try FlowShellBinary.run(["check", "--config", "config.json"], input: "", in: repository, environment: environment)
        #expect(
            again.output.contains(
                "was not started, as this config is not trusted (flowshell trust allows it); its screens are checked as it declared them when last asked"
            ))
        #expect(starts(in: repository) == 4)
    }

    @Test func aConfigOutsideTheCurrentFolderIsNamedInTheCommandToType() throws {
        _ = try clonedRepository()  // at home/repository, and run from home
        let refused = try flowshell(["--config", "repository/config.json"])
        #expect(refused.status == 2)
        #expect(refused.errors.hasSuffix("once you have looked at them, type: flowshell trust --config repository/config.json\n"))
    }

    /// A reload is refused when the edited config names a program the run was not allowed to
    /// start — even in a run that opted in, which covers only the plugins it started with.
    @MainActor
    @Test func aReloadThatNamesAProgramDoesNotStartIt() async throws {
        let repository = try clonedRepository()
        let file = repository.appendingPathComponent("flow.json")
        let plain = #"{"app": "reloading", "root": "cars.list", "modules": ["Cars"]}"#
        try plain.write(to: file, atomically: true, encoding: .utf8)
        let environment = FlowShellBinary.environment(home: home)
        let trust = PluginTrust(
            paths: StatePaths(folder: "flowshell", environment: environment), shellName: "flowshell",
            environment: environment, allowsThisRun: true)
        let runtime = try await FlowRuntime.start(
            source: .file(path: file.path), modules: FlowShellTestFeatures.modules,
            dataDirectory: { _ in nil },
            plugins: PluginLoader(purpose: .running, trust: trust) { _ in nil })
        let withPlugin = plain.replacingOccurrences(
            of: #""modules": ["Cars"]"#, with: #""modules": ["Cars"], "plugins": [{"module": "Fake", "command": ["./plugin.sh"]}]"#)
        try withPlugin.write(to: file, atomically: true, encoding: .utf8)
        let notices = await runtime.reload()
        #expect(notices.count == 2)
        #expect(notices.first?.style == .error)
        #expect(notices.first?.text.hasPrefix("\(file.path) runs programs you have not trusted: ./plugin.sh (") == true)
        #expect(notices.last == Notice(.warning, "the flow that was running goes on"))
        #expect(runtime.flow.manifest.plugins.isEmpty)
        #expect(starts(in: repository) == 0)
    }

    /// A plugin starts on first use, perhaps long after its config was loaded: a program that
    /// changed in between is not started.
    @MainActor
    @Test func aPluginWhoseProgramChangedAfterTheStartIsNotStarted() async throws {
        let repository = try clonedRepository()
        let environment = FlowShellBinary.environment(home: home)
        let trust = PluginTrust(
            paths: StatePaths(folder: "flowshell", environment: environment), shellName: "flowshell",
            environment: environment, allowsThisRun: true)
        let runtime = try await FlowRuntime.start(
            source: .file(path: repository.appendingPathComponent("config.json").path),
            modules: FlowShellTestFeatures.modules, dataDirectory: { _ in nil },
            plugins: PluginLoader(purpose: .running, trust: trust) { _ in nil })
        #expect(starts(in: repository) == 1, "asked for its screens")
        try "#!/bin/sh\necho started >> started\necho other >> started\n".write(
            to: repository.appendingPathComponent("plugin.sh"),
            atomically: true, encoding: .utf8)
        let notices = await runtime.flow.open("/echo/hi")
        #expect(notices.contains { $0.style == .error && $0.text.contains("plugin Fake was not started: sh plugin.sh (") })
        #expect(
            notices.contains {
                $0.text.contains("changed since its config was trusted; once you have looked at it, type: flowshell trust --config")
            })
        #expect(starts(in: repository) == 1)
        await runtime.stopPlugins()
    }

    /// A shell of one's own keeps its trusted configs under its identity's folder, apart from
    /// flowshell's, and the command its messages name is its own.
    @MainActor
    @Test func aShellOfOnesOwnKeepsItsOwnTrustAndNamesItsOwnCommand() throws {
        let repository = try clonedRepository()
        let environment = ["HOME": home.path]
        let paths = StatePaths(folder: "greeter", environment: environment)
        #expect(paths.trustFile == home.path + "/.local/state/greeter/trusted-configs.json")
        #expect(
            StatePaths(folder: "greeter", environment: ["XDG_STATE_HOME": "/state", "HOME": home.path]).trustFile
                == "/state/greeter/trusted-configs.json")
        #expect(StatePaths(folder: "greeter", environment: [:]).trustFile == nil)

        let config = repository.appendingPathComponent("config.json").path
        let source = ConfigSource.file(path: config)
        let manifest = try source.load()
        let fingerprint = PluginFingerprint(PluginLoader(purpose: .checking) { _ in nil }.specs(for: manifest, source: source))
        let greeter = PluginTrust(paths: paths, shellName: "greeter", environment: environment, allowsThisRun: false)
        #expect(greeter.decision(fingerprint, source: source) == .untrusted(changed: false))
        #expect(greeter.trustCommand(for: source) == "greeter trust --config \(PluginTrust.shellWord(config))")
        #expect(greeter.trustCommand(for: .file(path: "config.json")) == "greeter trust")

        let realPath = try #require(PluginTrust.realPath(config))
        try TrustedConfigs(paths: paths).trust(realPath, runs: fingerprint)
        #expect(FileManager.default.fileExists(atPath: home.path + "/.local/state/greeter/trusted-configs.json"))
        #expect(!FileManager.default.fileExists(atPath: home.path + "/.local/state/flowshell/trusted-configs.json"))
        let again = PluginTrust(paths: paths, shellName: "greeter", environment: environment, allowsThisRun: false)
        #expect(again.decision(fingerprint, source: source) == .allowed)
        let flowshell = PluginTrust(
            paths: StatePaths(folder: "flowshell", environment: environment), environment: environment, allowsThisRun: false)
        #expect(flowshell.decision(fingerprint, source: source) == .untrusted(changed: false), "another shell's trust is not flowshell's")
    }
}
