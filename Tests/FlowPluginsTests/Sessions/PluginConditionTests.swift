import FlowShellTestSupport
import Foundation
import Testing

/// A plugin's condition guards a screen as a linked module's does (protocol 1.2): the flow
/// names it in `requires` and `guards`, `flowshell check` knows it, and the shell asks the
/// plugin before planning, within the plugin's deadline.
@Suite struct PluginConditionTests: TestFolderSuite {
    let scratch = TemporaryFolder()

    /// A flow whose car details need the fake plugin's condition `unlocked`; its guard's flow is
    /// the plugin's lock screen, which `unlock` finishes.
    private static func flow(mode: String = "normal", timeoutMs: Int = 60000, requires: String = "unlocked") -> String {
        """
        {
          "app": "fake",
          "root": "cars.list",
          "modules": ["Cars"],
          "plugins": [
            { "module": "Fake", "command": ["python3", "\(PluginFlows.fakePlugin)", "\(mode)"], "timeoutMs": \(timeoutMs) }
          ],
          "transitions": [
            { "from": "cars.list", "on": "selected", "to": "cars.details", "style": "push", "requires": ["\(requires)"] }
          ],
          "flows": { "unlocking": { "root": "fake.lock", "finish": { "unlocked": "done" } } },
          "guards": { "unlocked": { "flow": "unlocking" } }
        }
        """
    }

    private func run(_ config: String, _ arguments: [String] = [], input: String, in home: URL) throws -> FlowShellBinary.Result {
        let file = home.appendingPathComponent("fake.json")
        try config.write(to: file, atomically: true, encoding: .utf8)
        return try FlowShellBinary.run(
            arguments + ["--config", file.path], input: input, in: home,
            environment: PluginFlows.allowingPlugins(home: home))
    }

    @Test func anUnsatisfiedPluginConditionRunsItsGuardThenTheTransitionGoesOn() throws {
        let result = try run(Self.flow(), input: "select rio\nwhere\nunlock\nwhere\nback\nselect rio\nwhere\n", in: home)
        #expect(!result.errors.contains("✗"), "\(result.errors)")
        #expect(result.status == 0)
        let lines = result.output.components(separatedBy: "\n")
        #expect(lines.contains { $0.contains("the unlock code is needed first") }, "\(result.output)")
        let stacks = lines.filter { $0.hasPrefix("2. ") }
        // The guard's flow first; once unlocked, the car's details; the second time, no guard.
        #expect(stacks == ["2. Lock [modal] (fake.lock)", "2. Kia Rio (cars.details, carID=rio)", "2. Kia Rio (cars.details, carID=rio)"])
        #expect(lines.filter { $0.contains("is needed first") }.count == 1)
        let started = PluginFlows.startedProcesses(in: home.appendingPathComponent("state"))
        #expect(!started.contains(where: PluginFlows.exists), "no plugin outlives the shell")
    }

    @Test func aConditionThePluginCannotTellIsNotSatisfiedWithOneMessage() throws {
        let result = try run(Self.flow(mode: "failcondition"), input: "select rio\nwhere\n", in: home)
        #expect(
            result.errors.contains(
                "could not tell whether the unlock code holds, so it is taken as not holding: plugin Fake says: the lock is jammed\n"),
            "\(result.errors)")
        #expect(result.output.components(separatedBy: "\n").contains("2. Lock [modal] (fake.lock)"), "the guard's flow runs")
    }

    /// A plugin that never answers `condition` holds the shell no longer than its deadline
    /// (one second here; the plugin's silence makes that certain, not the machine's speed).
    @Test func aPluginThatHangsOnAConditionIsStoppedAtItsDeadline() throws {
        let result = try run(Self.flow(mode: "hangcondition", timeoutMs: 1000), input: "select rio\nwhere\n", in: home)
        #expect(
            result.errors.contains(
                "could not tell whether the unlock code holds, so it is taken as not holding: plugin Fake did not answer 'condition' within 1000 ms, so it was stopped"
            ),
            "\(result.errors)")
        #expect(result.output.components(separatedBy: "\n").contains("2. Lock [modal] (fake.lock)"), "the guard's flow runs")
        let started = PluginFlows.startedProcesses(in: home.appendingPathComponent("state"))
        #expect(!started.contains(where: PluginFlows.exists), "no plugin outlives the shell")
    }

    @Test func checkAcceptsAGuardOnAPluginConditionAndNamesAnUnknownOne() throws {
        let good = try run(Self.flow(), ["check"], input: "", in: home)
        #expect(!good.output.contains("error"), "\(good.output)")
        #expect(good.status == 0)
        let bad = try run(Self.flow(requires: "unlockd"), ["check"], input: "", in: home)
        #expect(bad.status != 0)
        #expect(
            bad.output.contains(
                "fake.json:9:97: error: transitions[0].requires: no loaded module provides the condition 'unlockd' — did you mean 'unlocked'?"
            ),
            "\(bad.output)")
    }
}
