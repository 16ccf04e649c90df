import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The declarations plugins gave, kept in the state folder so that `check` and the shell's
/// start need not start every plugin: one file per module, keyed by the plugin's command and
/// the modification times and sizes of the files it names. A changed command or file misses.
/// A file is read without following a symlink, and written as a new file renamed into place.
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
        guard let data = Self.contents(of: path(for: spec)),
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

    /// The largest cache file read: a module's declarations are far smaller.
    static let maximumSize = 16 << 20

    /// The file's bytes, read without following a symlink; nil when it is missing, a link or too large.
    private static func contents(of path: String) -> Data? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
        guard descriptor >= 0 else { return nil }
        let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        guard let data = try? handle.read(upToCount: maximumSize + 1), data.count <= maximumSize else { return nil }
        return data
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
