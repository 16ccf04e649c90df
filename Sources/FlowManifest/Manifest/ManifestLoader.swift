#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads a manifest file and decodes it, turning every way it can fail into diagnostics that
/// name the file and the place.
public enum ManifestLoader {
    /// Files larger than this are refused before parsing: a flow is a few kilobytes.
    public static let maximumSize = 1 << 20

    /// Reads and decodes the manifest at `path`; `displayName` is how messages name the file.
    public static func load(path: String, displayName: String? = nil) throws(ManifestLoadError) -> Manifest {
        let name = displayName ?? path
        let bytes = try readFile(path, name: name)
        return try decode(bytes, file: name)
    }

    /// Decodes manifest text; `file` names it in diagnostics.
    public static func decode(_ bytes: [UInt8], file: String) throws(ManifestLoadError) -> Manifest {
        let document: JSONValue
        do {
            document = try JSONParser.parse(bytes)
        } catch {
            throw .malformed(
                Diagnostic(
                    .error, file: file, location: error.location, path: nil,
                    message: "malformed JSON: \(error.message)"))
        }
        var decoder = ManifestDecoder(file: file)
        // Each value's place is recorded once: room for them all at once, not as they come.
        decoder.locations.reserveCapacity(document.valueCount)
        let manifest = decoder.decode(document)
        guard let manifest, decoder.diagnostics.isEmpty else {
            throw .invalid(decoder.diagnostics.sorted(by: Diagnostic.inFileOrder), partial: manifest)
        }
        return manifest
    }

    /// The bytes of a file, or an error saying plainly why they cannot be had.
    static func readFile(_ path: String, name: String) throws(ManifestLoadError) -> [UInt8] {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else {
            throw .unreadable(file: name, reason: describeErrno(errno))
        }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            throw .unreadable(file: name, reason: describeErrno(errno))
        }
        if (status.st_mode & S_IFMT) == S_IFDIR {
            throw .unreadable(file: name, reason: "it is a directory, not a file")
        }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw .unreadable(file: name, reason: describeErrno(errno))
            }
            if count == 0 { break }
            bytes.append(contentsOf: chunk[0..<count])
            if bytes.count > maximumSize {
                throw .unreadable(file: name, reason: "it is larger than \(maximumSize / 1024) KiB; a flow config is a small JSON file")
            }
        }
        return bytes
    }

    private static func describeErrno(_ code: Int32) -> String {
        switch code {
        case ENOENT: return "no such file"
        case EACCES: return "permission denied"
        default: return String(cString: strerror(code))
        }
    }
}
