#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What identifies one version of a file without reading it: its real path (symlinks
/// resolved), device and inode, size, and the times it was last modified and last changed.
/// Any write to the file, or a file put in its place, changes the stamp: the change time
/// (`ctime`) cannot be set back by its owner, as the modification time can.
public struct FileStamp: Codable, Sendable, Equatable {
    /// The path with every symlink resolved.
    public var path: String
    /// The device and inode numbers.
    public var device: UInt64
    public var inode: UInt64
    /// The size in bytes.
    public var size: Int64
    /// The last modification and status change, in nanoseconds since 1970.
    public var modified: Int64
    public var changed: Int64

    /// The stamp of the file at `path` (relative to the current folder), or nil when there is none.
    public init?(path: String) {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        var info = stat()
        guard stat(resolved, &info) == 0 else { return nil }
        self.path = String(cString: resolved)
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
        size = Int64(info.st_size)
        modified = Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec)
        changed = Int64(info.st_ctim.tv_sec) * 1_000_000_000 + Int64(info.st_ctim.tv_nsec)
    }
}
