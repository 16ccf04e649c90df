/// A path's folder and name, split as POSIX does: at the byte `/`, whatever the name holds —
/// `é`, `日`, a replacement character, a `/` that a combining accent follows, spaces, `..`.
/// Hand-written because Foundation's `deletingLastPathComponent` traps on a one-character
/// non-ASCII name (`where > é` ended the shell), and paths a person types reach these calls.
/// Nothing is resolved: `..` and symbolic links stay as typed.
package enum FilePathParts {
    /// The folder `path` names its file in, as typed: `a/b` → `a`, `/b` → `/`, `b` → `""` (the
    /// current folder); trailing slashes are not a part (`a/b/` → `a`).
    package static func folder(of path: String) -> String {
        let scalars = trimmed(path)
        guard let slash = scalars.lastIndex(of: "/") else { return "" }
        var folder = scalars[..<slash]
        while folder.last == "/" { folder.removeLast() }
        // Only slashes before the name: the root.
        return folder.isEmpty ? "/" : String(folder)
    }

    /// The last part of `path`: `a/b` → `b`, `a/b/` → `b`, `/` → `""`.
    package static func name(of path: String) -> String {
        let scalars = trimmed(path)
        guard let slash = scalars.lastIndex(of: "/") else { return String(scalars) }
        return String(scalars[scalars.index(after: slash)...])
    }

    /// `name` inside `folder`: `a` + `b` → `a/b`, `a/` + `b` → `a/b`, `""` + `b` → `b`.
    package static func joining(_ folder: String, _ name: String) -> String {
        if folder.isEmpty { return name }
        return folder.unicodeScalars.last == "/" ? folder + name : folder + "/" + name
    }

    /// `path` and each folder above it as typed, nearest first: `a/b/c` → `a/b/c`, `a/b`, `a`;
    /// `/a/b` → `/a/b`, `/a`, `/`.
    package static func selfAndAncestors(of path: String) -> [String] {
        var paths: [String] = []
        var current = path
        while !current.isEmpty {
            paths.append(current)
            let parent = folder(of: current)
            if parent == current { break }
            current = parent
        }
        return paths
    }

    /// `path` without trailing slashes, unless it is only slashes.
    private static func trimmed(_ path: String) -> Substring.UnicodeScalarView {
        var scalars = Substring(path).unicodeScalars
        while scalars.count > 1, scalars.last == "/" { scalars.removeLast() }
        return scalars
    }
}
