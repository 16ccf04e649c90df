import FlowPluginProtocol
import Foundation

/// The declarations plugins gave, kept in the state folder so that `check` and the shell's
/// start need not start every plugin: one file per module, keyed by the plugin's command and
/// the modification times and sizes of the files it names. A changed command or file misses.
public struct PluginDeclarationCache: Sendable {
    private struct Key: Codable, Equatable {
        var arguments: [String]
        var program: String
        var workingDirectory: String
        var files: [String]
    }

    private struct Entry: Codable {
        var key: Key
        var module: ModuleDeclaration
    }

    /// The folder of the cache files.
    public let folder: String

    /// A cache in `folder` (made when first stored to).
    public init(folder: String) {
        self.folder = folder
    }

    /// The declaration stored for `spec`, when its command and files are unchanged.
    public func lookup(_ spec: PluginSpec) -> ModuleDeclaration? {
        guard let data = FileManager.default.contents(atPath: path(for: spec)),
              let entry = try? JSONDecoder().decode(Entry.self, from: data), entry.key == Self.key(spec) else { return nil }
        return entry.module
    }

    /// Keeps `module` as `spec`'s declaration; a cache that cannot be written is no error.
    public func store(_ module: ModuleDeclaration, for spec: PluginSpec) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(Entry(key: Self.key(spec), module: module)) else { return }
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try? data.write(to: URL(fileURLWithPath: path(for: spec)), options: .atomic)
    }

    private func path(for spec: PluginSpec) -> String {
        folder + "/" + spec.module + ".declarations.json"
    }

    private static func key(_ spec: PluginSpec) -> Key {
        Key(arguments: spec.arguments, program: spec.program, workingDirectory: spec.workingDirectory,
            files: spec.namedFiles.map { file in
                guard let attributes = try? FileManager.default.attributesOfItem(atPath: file) else { return "\(file): absent" }
                let modified = (attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
                let size = (attributes[.size] as? NSNumber)?.intValue ?? 0
                return "\(file): \(modified) \(size)"
            })
    }
}
