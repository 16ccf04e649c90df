import FlowCoordinator
import FlowManifest
import Foundation

/// Where the flow comes from: a file the user named, `config.json` in the current directory,
/// or the flow built into the binary.
public enum ConfigSource: Equatable, Sendable {
    /// A file on disk.
    case file(path: String)
    /// The flow built into the binary (the shell identity's default flow): its config text.
    case builtIn(String)
    /// A flow given as text (tests), named `name` in diagnostics.
    case text(String, name: String)

    /// How diagnostics name the built-in flow.
    package static let builtInName = "built-in default flow"

    /// The file name looked for in the current directory.
    static let defaultFileName = "config.json"

    /// `--config PATH` when given (it must exist), else `./config.json` if present, else
    /// `builtIn`, the shell's own flow.
    package static func resolve(explicitPath: String?, builtIn: String, fileManager: FileManager = .default) -> ConfigSource {
        if let explicitPath { return .file(path: explicitPath) }
        if fileManager.fileExists(atPath: defaultFileName) { return .file(path: defaultFileName) }
        return .builtIn(builtIn)
    }

    /// Loads the manifest from this source.
    package func load() throws(ManifestLoadError) -> Manifest {
        switch self {
        case .file(let path):
            return try ManifestLoader.load(path: path)
        case .builtIn(let text):
            return try ManifestLoader.decode(Array(text.utf8), file: Self.builtInName)
        case .text(let text, let name):
            return try ManifestLoader.decode(Array(text.utf8), file: name)
        }
    }

    /// The config file's path, when the flow comes from one.
    package var filePath: String? {
        if case .file(let path) = self { return path }
        return nil
    }

    /// How diagnostics name it.
    package var fileName: String {
        switch self {
        case .file(let path): return path
        case .builtIn: return Self.builtInName
        case .text(_, let name): return name
        }
    }

    /// How the banner names it.
    package var description: String {
        switch self {
        case .file(let path): return path
        case .builtIn: return "the \(Self.builtInName) (no \(Self.defaultFileName) here)"
        case .text(_, let name): return name
        }
    }
}
