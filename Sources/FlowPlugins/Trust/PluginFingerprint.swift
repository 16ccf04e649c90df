#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What a config's plugins run, as trusting it records it: for each plugin, its command, the
/// program it resolves to (through `PATH` for a bare name) and the files its arguments name,
/// each as a ``FileStamp``. Any change to them — another command, a program upgraded or found
/// elsewhere in `PATH`, an edited script, a file that appears where an argument points — makes
/// another fingerprint, so the config must be trusted again before its plugins run.
public struct PluginFingerprint: Codable, Sendable, Equatable {
    /// What one plugin runs.
    public struct Plugin: Codable, Sendable, Equatable {
        /// The module it provides.
        public var module: String
        /// Its command as the config writes it.
        public var command: [String]
        /// The folder it runs in (the config's).
        public var folder: String
        /// The program it resolves to; nil when there is none.
        public var program: FileStamp?
        /// The arguments that name a file or folder, stamped, in order.
        public var files: [FileStamp]

        /// What `spec` runs now, its program searched in `searchPath` (default: the shell's `PATH`,
        /// which the plugin's start searches too).
        public init(_ spec: PluginSpec, searchPath: String? = PluginFingerprint.processSearchPath) {
            module = spec.module
            command = spec.arguments
            folder = spec.workingDirectory
            program = spec.resolvedProgram(searchPath: searchPath).flatMap(FileStamp.init(path:))
            files = spec.namedFiles.dropFirst().compactMap(FileStamp.init(path:))
        }

        /// `python3 plugins/weather.py`, and where the program is when it was searched for.
        public var summary: String {
            let written = command.joined(separator: " ")
            guard let program else { return "\(written) (no such program)" }
            return program.path == command.first ? written : "\(written) (\(program.path))"
        }
    }

    /// Each plugin, in the config's order.
    public var plugins: [Plugin]

    /// The fingerprint of what `specs` run now.
    public init(_ specs: [PluginSpec], searchPath: String? = PluginFingerprint.processSearchPath) {
        plugins = specs.map { Plugin($0, searchPath: searchPath) }
    }

    /// The `PATH` of this process, which the plugins it starts are searched in.
    public static var processSearchPath: String? {
        getenv("PATH").map { String(cString: $0) }
    }
}
