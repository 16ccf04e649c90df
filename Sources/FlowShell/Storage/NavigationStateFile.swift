import FlowCoordinator
import Foundation

/// Where the user was, in a JSON file written atomically after every navigation.
struct NavigationStateFile {
    /// What reading the file gave.
    enum Loaded {
        /// No file yet.
        case none
        /// A snapshot to restore.
        case snapshot(NavigationSnapshot)
        /// A file that is not a FlowShell state file (or of another version); why.
        case unusable(String)
    }

    let url: URL

    func load() -> Loaded {
        guard FileManager.default.fileExists(atPath: url.path) else { return .none }
        guard let data = try? Data(contentsOf: url) else {
            return .unusable("\(url.path): cannot read the saved state; starting at the root")
        }
        guard let snapshot = try? JSONDecoder().decode(NavigationSnapshot.self, from: data),
              snapshot.v == NavigationSnapshot.currentVersion else {
            return .unusable("\(url.path): not a FlowShell state file (or of another version); starting at the root")
        }
        return .snapshot(snapshot)
    }

    func save(_ snapshot: NavigationSnapshot) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try encoder.encode(snapshot).write(to: url, options: .atomic)
    }
}
