#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension PluginSpec {
    /// The file the plugin's program is: for a bare name, the first executable of that name in
    /// `searchPath` (the `PATH` the plugin is started with, as `posix_spawnp` searches it), else
    /// the path the config gives; nil when there is no such file.
    public func resolvedProgram(searchPath: String?) -> String? {
        guard searchesPath else { return access(program, X_OK) == 0 ? program : nil }
        let folders = (searchPath ?? "/bin:/usr/bin").split(separator: ":", omittingEmptySubsequences: false)
        for folder in folders {
            // An empty entry is the current folder, which for a plugin is the config's.
            let candidate = Self.join(folder.isEmpty ? workingDirectory : String(folder), program)
            var info = stat()
            if stat(candidate, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, access(candidate, X_OK) == 0 {
                return candidate.hasPrefix("/") ? candidate : Self.join(workingDirectory, candidate)
            }
        }
        return nil
    }
}
