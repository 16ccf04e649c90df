import FlowShellRuntime
import Foundation

/// What a recorded session started from, kept in the recording's second line so that its replay
/// starts there too rather than from nothing: the files of its data folder when the recording
/// began (the bookings, the signed-in user), the place it restored (its navigation state) and
/// the link it opened. A recording made on a data folder that holds bookings, at a place kept
/// from last time, replays as it was recorded.
package struct RecordedStart: Codable, Equatable, Sendable {
    /// One file of the data folder.
    package struct File: Codable, Equatable, Sendable {
        /// Where it is inside the folder, its folders separated by `/`.
        package var name: String
        /// Its bytes, in Base64.
        package var base64: String
    }

    var v = SessionRecorder.version
    var type = "start"
    package var files: [File]
    /// The navigation state it restored, as its file held it.
    package var place: String?
    /// The deep link it opened (`--open`).
    package var link: String?

    /// A start from the data `files`, the navigation state `place` and the deep link `link`.
    package init(files: [File], place: String? = nil, link: String? = nil) {
        self.files = files
        self.place = place
        self.link = link
    }

    /// The most a recording keeps of a data folder, in bytes: a folder larger than that is not
    /// kept, and the recording says so.
    package static let largestKept = 8 << 20

    /// Why a data folder was not kept.
    package struct NotKept: Error {
        package var reason: String
    }

    /// The files of `folder` now (none when it does not exist yet): regular files only, a
    /// database's shared-memory index (`-shm`, which SQLite makes again) left out.
    package static func files(of folder: String) throws(NotKept) -> [File] {
        let manager = FileManager.default
        guard let enumerator = manager.enumerator(atPath: folder) else { return [] }
        var files: [File] = []
        var total = 0
        for case let name as String in enumerator.allObjects {
            guard !name.hasSuffix("-shm") else { continue }
            let path = FilePathParts.joining(folder, name)
            guard let attributes = try? manager.attributesOfItem(atPath: path),
                attributes[.type] as? FileAttributeType == .typeRegular
            else { continue }
            guard let data = manager.contents(atPath: path) else {
                throw NotKept(reason: "\(path) cannot be read")
            }
            total += data.count
            guard total <= largestKept else {
                throw NotKept(reason: "the data folder \(folder) holds more than \(largestKept >> 20) MiB")
            }
            files.append(File(name: name, base64: data.base64EncodedString()))
        }
        return files.sorted { $0.name < $1.name }
    }

    /// The start record of a recording; throws, in the user's words, when it cannot be used.
    package static func decode(_ value: JSONValue) throws(NotKept) -> RecordedStart {
        guard case .array(let entries) = value["files"] ?? .array([]) else {
            throw NotKept(reason: "its start record's files are not a list")
        }
        var files: [File] = []
        for entry in entries {
            guard let name = entry["name"]?.string, let base64 = entry["base64"]?.string else {
                throw NotKept(reason: "a file of its start record has no name or no bytes")
            }
            files.append(File(name: name, base64: base64))
        }
        return RecordedStart(files: files, place: value["place"]?.string, link: value["link"]?.string)
    }

    /// Writes the data files into `folder`; throws, in the user's words, for a name that would leave
    /// the folder or bytes that are not Base64. (A recording is a file anyone may have edited.)
    package func restore(into folder: String) throws(NotKept) {
        for file in files {
            let parts = file.name.split(separator: "/", omittingEmptySubsequences: false)
            guard !parts.isEmpty, parts.allSatisfy({ !$0.isEmpty && $0 != "." && $0 != ".." }) else {
                throw NotKept(reason: "its data names a file outside the data folder ('\(file.name)')")
            }
            guard let data = Data(base64Encoded: file.base64) else {
                throw NotKept(reason: "the bytes of '\(file.name)' in its data are not Base64")
            }
            let path = FilePathParts.joining(folder, file.name)
            do {
                try FileManager.default.createDirectory(atPath: FilePathParts.folder(of: path), withIntermediateDirectories: true)
                try data.write(to: URL(fileURLWithPath: path))
            } catch {
                throw NotKept(reason: "'\(file.name)' cannot be written: \(SystemError.describe(error))")
            }
        }
    }
}
