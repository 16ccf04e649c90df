import FlowCoordinator
import FlowManifest
import Foundation

/// Where the user was, in a JSON file written whole (``AtomicFile``) when the shell goes idle
/// after a navigation, and when it ends.
package struct NavigationStateFile {
    /// What reading the file gave.
    package enum Loaded {
        /// No file yet.
        case none
        /// A snapshot to restore.
        case snapshot(NavigationSnapshot)
        /// A file that is not a FlowShell state file (or of another version); why.
        case unusable(String)
    }

    package let url: URL

    /// The state file at `url`.
    package init(url: URL) {
        self.url = url
    }

    package func load() -> Loaded {
        var isFolder: ObjCBool = false
        // A folder in the file's place holds nothing to restore; saving says what is wrong, once.
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), !isFolder.boolValue else { return .none }
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            return .unusable("cannot read the saved state in \(url.path): \(SystemError.describe(error)); starting at the root")
        }
        guard let snapshot = try? JSONDecoder().decode(NavigationSnapshot.self, from: data),
            snapshot.v == NavigationSnapshot.currentVersion
        else {
            return .unusable("\(url.path): not a FlowShell state file (or of another version); starting at the root")
        }
        return .snapshot(snapshot)
    }

    func save(_ snapshot: NavigationSnapshot) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
        let folder = FilePathParts.folder(of: url.path)
        if !folder.isEmpty { try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) }
        try AtomicFile.write(encoder.encode(snapshot), to: url.path)
    }
}
