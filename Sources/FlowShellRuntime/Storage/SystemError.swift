import FlowShellKit
import Foundation

/// Errors from the system (files, folders, databases) in the user's words — what is in the way
/// and where — never Foundation's error domains and codes (`NSCocoaErrorDomain error 512`) or
/// its phrasing of them (`A file with the same name already exists.`).
package enum SystemError {
    /// The error as a phrase that follows "cannot … PATH: ", naming the file or folder in the
    /// way: `'/home/me/state' is a folder, not a file`, `'/home/me/data' is a file, not a folder`.
    package static func describe(_ error: any Error) -> String {
        if let error = error as? UserFacingError { return error.message }
        let nsError = error as NSError
        let path = filePath(of: nsError)
        if let code = posixCode(of: nsError) {
            return describe(posixCode: code, path: path)
        }
        if nsError.domain == NSCocoaErrorDomain, let code = posixCode(forCocoaCode: nsError.code) {
            return describe(posixCode: code, path: path)
        }
        let description = nsError.localizedDescription
        if description.isEmpty || description.contains("ErrorDomain") {
            return "the system refused the operation"
        }
        return description
    }

    /// The phrase for a system error number about `path` (nil when unknown).
    package static func describe(posixCode code: Int32, path: String?) -> String {
        switch code {
        case EISDIR:
            return path.map { "'\($0)' is a folder, not a file" } ?? "a folder is where a file should be"
        case EEXIST, ENOTDIR, ENOENT:
            if let path, let file = fileInTheWay(of: path) {
                return "'\(file)' is a file, not a folder"
            }
            switch code {
            case EEXIST: return path.map { "'\($0)' exists already" } ?? "it exists already"
            case ENOENT: return path.map { "there is no '\($0)'" } ?? "there is no such file or folder"
            default: return "a part of the path is a file, not a folder"
            }
        case EACCES, EPERM:
            return path.map { "permission denied for '\($0)'" } ?? "permission denied"
        case EROFS:
            return "the disk is read-only"
        case ENOSPC:
            return "the disk is full"
        case EDQUOT:
            return "the disk quota is used up"
        case ENAMETOOLONG:
            return "the name is too long"
        case ELOOP:
            return "the path has a loop of symbolic links"
        default:
            let text = String(cString: strerror(code))
            return text.prefix(1).lowercased() + text.dropFirst()
        }
    }

    /// The first part of `path`, from the top, that is a file where a folder is needed: a
    /// file on the way to it, or `path` itself when it is a file.
    static func fileInTheWay(of path: String) -> String? {
        var parts: [Substring] = []
        for component in path.split(separator: "/") {
            parts.append(component)
            let partial = (path.hasPrefix("/") ? "/" : "") + parts.joined(separator: "/")
            if exists(partial, asFolder: false) { return partial }
            if !exists(partial, asFolder: true) { return nil }
        }
        return nil
    }

    private static func exists(_ path: String, asFolder folder: Bool) -> Bool {
        var isFolder: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) && isFolder.boolValue == folder
    }

    private static func filePath(of error: NSError) -> String? {
        if let path = error.userInfo[NSFilePathErrorKey] as? String { return path }
        return (error.userInfo[NSURLErrorKey] as? URL)?.path
    }

    /// The POSIX error number behind `error`, its own or an underlying error's.
    private static func posixCode(of error: NSError) -> Int32? {
        var current: NSError? = error
        while let error = current {
            if error.domain == NSPOSIXErrorDomain { return Int32(error.code) }
            // On Linux the underlying error is often a Swift POSIXError, which `as? NSError`
            // does not bridge.
            current = (error.userInfo[NSUnderlyingErrorKey] as? any Error).map { $0 as NSError }
        }
        return nil
    }

    /// The POSIX error number a Foundation file error stands for, when it has no underlying one.
    private static func posixCode(forCocoaCode code: Int) -> Int32? {
        switch CocoaError.Code(rawValue: code) {
        case .fileNoSuchFile, .fileReadNoSuchFile: return ENOENT
        case .fileReadNoPermission, .fileWriteNoPermission: return EACCES
        case .fileWriteFileExists: return EEXIST
        case .fileWriteOutOfSpace: return ENOSPC
        case .fileWriteVolumeReadOnly: return EROFS
        default: return nil
        }
    }
}
