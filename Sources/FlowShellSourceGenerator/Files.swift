#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Says `message` on stderr and exits with `status`.
func fail(_ message: String, status: Int32) -> Never {
    let line = message + "\n"
    _ = line.withCString { write(2, $0, strlen($0)) }
    exit(status)
}

/// The whole file at `path`, as UTF-8.
func contents(of path: String) -> String {
    guard let file = fopen(path, "r") else {
        fail("FlowShellSourceGenerator: cannot read \(path)", status: 1)
    }
    defer { fclose(file) }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65536)
    while true {
        let count = fread(&buffer, 1, buffer.count, file)
        if count == 0 { break }
        bytes += buffer[0..<count]
    }
    if ferror(file) != 0 {
        fail("FlowShellSourceGenerator: cannot read \(path)", status: 1)
    }
    return String(decoding: bytes, as: UTF8.self)
}

/// Writes `text` to the file at `path`.
func write(_ text: String, to path: String) {
    guard let file = fopen(path, "w") else {
        fail("FlowShellSourceGenerator: cannot write \(path)", status: 1)
    }
    fputs(text, file)
    if fclose(file) != 0 {
        fail("FlowShellSourceGenerator: cannot write \(path)", status: 1)
    }
}
