import FlowShellRuntime
import Foundation
import LineEditor

// The terminal's Tab: the dispatcher's completion, with the files of this machine for a path.
extension Dispatcher {
    /// What Tab at the terminal does for the text before the cursor.
    public func completeAtTerminal(_ textBeforeCursor: String) -> LineCompletion {
        let completion = complete(textBeforeCursor, files: Self.names(in:))
        return LineCompletion(deleting: completion.deleting, insert: completion.insert,
                              candidates: completion.candidates, descriptions: completion.descriptions)
    }

    /// The names in `folder` as typed (empty: the current folder; `~/` the home folder), each
    /// folder's with a `/` after it; none when it cannot be read.
    static func names(in folder: String) -> [String] {
        var path = folder.isEmpty ? "." : folder
        if path == "~/" || path.hasPrefix("~/"), let home = ProcessInfo.processInfo.environment["HOME"], !home.isEmpty {
            path = home + path.dropFirst()
        }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
        return names.map { name in
            var isFolder: ObjCBool = false
            let full = FilePathParts.joining(path, name)
            return FileManager.default.fileExists(atPath: full, isDirectory: &isFolder) && isFolder.boolValue ? name + "/" : name
        }
    }
}
