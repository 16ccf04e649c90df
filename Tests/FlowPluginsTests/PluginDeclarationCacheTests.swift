import FlowPluginProtocol
@testable import FlowPlugins
import Foundation
import Testing

/// The declarations' cache reads whatever it writes: a plugin with many screens is not asked
/// again at every start.
@Suite struct PluginDeclarationCacheTests {
    @Test func aDeclarationLargerThan16MiBIsReadBack() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("declaration-cache-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let cache = PluginDeclarationCache(folder: folder.path)
        let spec = PluginSpec(
            module: "Many", command: ["/bin/true"], configDirectory: folder.path, timeoutMilliseconds: 1000, logPath: nil,
            configLine: "")
        // 90,000 screens with titles of 200 characters: some 20 MB of JSON.
        let title = String(repeating: "t", count: 200)
        let module = ModuleDeclaration(
            name: "Many", screens: (0..<90_000).map { ScreenDeclaration(id: "many.s\($0)", title: title) })
        cache.store(module, for: spec, config: "/config.json")
        let written = try FileManager.default.attributesOfItem(atPath: folder.path + "/Many.declarations.json")[.size] as? Int
        #expect((written ?? 0) > 16 << 20, "the entry is larger than the old limit: \(written ?? 0) bytes")
        #expect(cache.lookup(spec, config: "/config.json") == module)
    }
}
