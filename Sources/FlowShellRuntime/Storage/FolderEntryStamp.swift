#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What an entry of a folder was when last looked at: a change of its content, its name's
/// file (replaced by a rename) or its metadata changes one of these.
struct FolderEntryStamp: Equatable {
    var inode: UInt64
    var size: Int64
    var modified: Int64
    var modifiedNanoseconds: Int64
    var changed: Int64
    var changedNanoseconds: Int64

    /// The stamps of the entries of `folder` (only `names`, when given); nothing for a folder
    /// that cannot be read.
    static func stamps(in folder: String, names: Set<String>?) -> [String: FolderEntryStamp] {
        var stamps: [String: FolderEntryStamp] = [:]
        for name in names.map(Array.init) ?? entries(of: folder) {
            if let stamp = stamp(of: folder + "/" + name) { stamps[name] = stamp }
        }
        return stamps
    }

    private static func stamp(of path: String) -> FolderEntryStamp? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        #if canImport(Darwin)
        return FolderEntryStamp(
            inode: UInt64(info.st_ino), size: Int64(info.st_size),
            modified: Int64(info.st_mtimespec.tv_sec), modifiedNanoseconds: Int64(info.st_mtimespec.tv_nsec),
            changed: Int64(info.st_ctimespec.tv_sec), changedNanoseconds: Int64(info.st_ctimespec.tv_nsec))
        #else
        return FolderEntryStamp(
            inode: UInt64(info.st_ino), size: Int64(info.st_size),
            modified: Int64(info.st_mtim.tv_sec), modifiedNanoseconds: Int64(info.st_mtim.tv_nsec),
            changed: Int64(info.st_ctim.tv_sec), changedNanoseconds: Int64(info.st_ctim.tv_nsec))
        #endif
    }

    /// The names in `folder`, without `.` and `..`.
    private static func entries(of folder: String) -> [String] {
        guard let directory = opendir(folder) else { return [] }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { bytes in
                String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }
}
