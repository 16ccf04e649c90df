import FlowShellKit
@testable import FlowShellRuntime
import FlowShellTestSupport
import Foundation
import Testing

/// The sessions of one server start from one check of their config while it is unchanged, and
/// from the config as it is now once it changed: an edit reaches the next session, a broken one
/// is refused.
@MainActor
@Suite struct FlowChecksTests {
    let module = FeatureModule(name: "Who", screens: [WhoScreen.self]) { container, _ in
        container.register(BuiltScreens())
    }

    @Test func eachSessionStartsFromTheConfigAsItIsNow() async throws {
        let folder = try FlowShellBinary.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("config.json").path
        let checks = FlowChecks()
        let module = self.module
        func app() async throws -> String {
            let runtime = try await FlowRuntime.start(
                source: .file(path: path), modules: [module], dataDirectory: { _ in nil }, plugins: PluginLoader { _ in nil },
                checks: checks)
            return runtime.flow.manifest.app
        }
        try #"{"app": "one", "root": "who.home", "modules": ["Who"]}"#.write(toFile: path, atomically: true, encoding: .utf8)
        #expect(try await app() == "one")
        #expect(try await app() == "one")
        try #"{"app": "two", "root": "who.home", "modules": ["Who"]}"#.write(toFile: path, atomically: true, encoding: .utf8)
        #expect(try await app() == "two")
        try #"{"app": "two", "root": "who.nowhere", "modules": ["Who"]}"#.write(toFile: path, atomically: true, encoding: .utf8)
        await #expect(throws: FlowRuntime.StartFailure.self) { _ = try await app() }
        try FileManager.default.removeItem(atPath: path)
        await #expect(throws: FlowRuntime.StartFailure.self) { _ = try await app() }
    }
}
