import Foundation

/// What a scaffold writes: files in a folder of their own, made whole or not at all.
enum ScaffoldFiles {
    /// Writes `files` (each a path relative to `folder`, and its text) into `folder`, making the
    /// folders they go in; when one cannot be written, removes `folder` again — nothing
    /// half made stays — and throws why.
    static func write(_ files: [(String, String)], into folder: URL) throws {
        do {
            for (path, text) in files {
                let url = folder.appendingPathComponent(path)
                try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(text.utf8).write(to: url, options: .atomic)
            }
        } catch {
            try? FileManager.default.removeItem(at: folder)
            throw error
        }
    }
}
