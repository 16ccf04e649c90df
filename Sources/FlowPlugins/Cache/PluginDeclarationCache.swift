import FlowPluginProtocol
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The declarations plugins gave, kept in the state folder so that `check` and the shell's
/// start need not start every plugin: one file per module, keyed by the config it was asked
/// for, the plugin's command, the program that command resolves to (through `PATH` for a bare
/// name: its real path, size and times) and the files it names. A changed config path,
/// command, program or file misses — a program upgraded in `PATH` is asked again.
/// A file is read without following a symlink, and written as a new file renamed into place.
public struct PluginDeclarationCache: Sendable {
    private struct Key: Codable, Equatable {
        /// The config's real path: two configs with the same app and module names do not share an entry.
        var config: String
        var arguments: [String]
        var program: String
        /// The program found, as it is now; nil when there is none.
        var resolvedProgram: FileStamp?
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

    /// The declaration stored for `spec` of the config at `config` (its real path), when they
    /// and what the plugin runs are unchanged.
    public func lookup(_ spec: PluginSpec, config: String) -> ModuleDeclaration? {
        guard let data = Self.contents(of: path(for: spec)),
            let entry = try? JSONDecoder().decode(Entry.self, from: data), entry.key == Self.key(spec, config: config)
        else { return nil }
        return entry.module
    }

    /// Keeps `module` as `spec`'s declaration for the config at `config`; a cache that cannot
    /// be written is no error.
    public func store(_ module: ModuleDeclaration, for spec: PluginSpec, config: String) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(Entry(key: Self.key(spec, config: config), module: module)) else { return }
        // Never a file lookup would not read: an older, smaller entry is taken away instead.
        guard data.count <= Self.maximumSize else {
            try? FileManager.default.removeItem(atPath: path(for: spec))
            return
        }
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try? data.write(to: URL(fileURLWithPath: path(for: spec)), options: .atomic)
    }

    /// The largest cache file read or written: a declaration comes as one line of the
    /// protocol, and its entry is that line encoded again with its key, which takes room beside it.
    static let maximumSize = 2 * PluginProcess.maximumLineLength

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

    private static func key(_ spec: PluginSpec, config: String) -> Key {
        Key(
            config: config, arguments: spec.arguments, program: spec.program,
            resolvedProgram: spec.resolvedProgram(searchPath: PluginFingerprint.processSearchPath).flatMap(FileStamp.init(path:)),
            workingDirectory: spec.workingDirectory,
            files: spec.namedFiles.dropFirst(spec.searchesPath ? 1 : 0).map { file in
                guard let attributes = try? FileManager.default.attributesOfItem(atPath: file) else { return "\(file): absent" }
                let modified = (attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
                let size = (attributes[.size] as? NSNumber)?.intValue ?? 0
                return "\(file): \(modified) \(size)"
            })
    }
}
