import FlowShellTestSupport
import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A write the system refuses — a full disk, `/dev/full` — fails the line that asked for it
/// (`CMD > FILE`, `CMD >> FILE`, `history -o FILE`) and leaves nothing half written: a file
/// replaced with `>` is replaced whole or not at all, a failed `>>` takes back what it added
/// (and the file it made), while `>` onto what is not a regular file (`/dev/null`, a FIFO) still
/// writes to it.
@Suite struct FailedWriteTests: TestFolderSuite {
    let scratch = TemporaryFolder()

    /// The device `name` (`full`, `null`) to write to: as root, a node of its own in `folder`,
    /// since a shell that replaced the file it writes (as one did) would otherwise replace the
    /// machine's own `/dev/full` and `/dev/null`; for any other user, the machine's, which that
    /// user cannot replace.
    static func device(_ name: String, minor: UInt32, in folder: URL) -> String {
        guard geteuid() == 0 else { return "/dev/\(name)" }
        let path = folder.appendingPathComponent(name).path
        return mknod(path, S_IFCHR | 0o666, dev_t(1 << 8 | minor)) == 0 ? path : "/dev/\(name)"
    }

    @Test func aWriteToAFullDeviceIsTheLinesError() throws {
        let full = Self.device("full", minor: 7, in: home), null = Self.device("null", minor: 3, in: home)
        let result = try runDemo("where > \(full)\nwhere >> \(full)\nhistory -o \(full)\nwhere > \(null)\n")
        #expect(
            result.errors == """
                ✗ line 1: cannot write to \(full): the disk is full
                ✗ line 2: cannot write to \(full): the disk is full
                ✗ line 3: cannot write to \(full): the disk is full

                """)
        var status = stat()
        #expect(stat(full, &status) == 0 && (status.st_mode & S_IFMT) == S_IFCHR, "\(full) is still a device")
        #expect(stat(null, &status) == 0 && (status.st_mode & S_IFMT) == S_IFCHR, "\(null) is still a device")
        #expect(!result.output.contains("wrote"), "history -o said it wrote: \(result.output)")
        #expect(result.status == 1)
    }

    @Test func aFIFOIsWrittenToAsItIs() throws {
        let fifo = home.appendingPathComponent("pipe").path
        #expect(mkfifo(fifo, 0o600) == 0)
        // The reader opens the FIFO and reads until the shell closes it.
        nonisolated(unsafe) var read = Data()
        let done = DispatchSemaphore(value: 0)
        Thread {
            read = FileHandle(forReadingAtPath: fifo)?.readDataToEndOfFile() ?? Data()
            done.signal()
        }.start()
        let result = try runDemo("where > pipe\n")
        #expect(done.wait(timeout: .now() + 60) == .success, "the reader of the FIFO never saw its end")
        #expect(result.errors == "")
        #expect(String(decoding: read, as: UTF8.self) == "1. Cars (cars.list)\n")
        var status = stat()
        #expect(lstat(fifo, &status) == 0 && (status.st_mode & S_IFMT) == S_IFIFO, "the FIFO is still a FIFO")
    }

    /// Whether this user may mount a small tmpfs (root may: CI runs as root).
    static let mayMount: Bool = {
        guard let folder = try? FlowShellBinary.temporaryFolder() else { return false }
        defer { try? FileManager.default.removeItem(at: folder) }
        guard SmallDisk.mount(at: folder.path) else { return false }
        SmallDisk.unmount(folder.path)
        return true
    }()

    @Test(.enabled(if: mayMount, "mounting a small tmpfs needs root (CI runs as root), so the full disk is not made here"))
    func aFileReplacedOnAFullDiskIsLeftAsItWas() throws {
        let disk = home.appendingPathComponent("disk")
        try FileManager.default.createDirectory(at: disk, withIntermediateDirectories: true)
        try #require(SmallDisk.mount(at: disk.path))
        defer { SmallDisk.unmount(disk.path) }
        // A whole page of tmpfs, so that adding to it needs another.
        let old = String(repeating: String(repeating: "o", count: 63) + "\n", count: 64)
        try Data(old.utf8).write(to: disk.appendingPathComponent("old.txt"))
        // Fill what is left of it.
        #expect(FileManager.default.createFile(atPath: disk.path + "/filler", contents: nil))
        let filler = try #require(FileHandle(forWritingAtPath: disk.path + "/filler"))
        while (try? filler.write(contentsOf: Data(count: 1024))) != nil {}
        try? filler.close()
        let result = try runDemo(
            "help > disk/old.txt\nhelp > disk/new.txt\nhistory -o disk/lines.fs\nhelp >> disk/old.txt\nhelp >> disk/added.txt\n")
        #expect(
            result.errors == """
                ✗ line 1: cannot write to disk/old.txt: the disk is full
                ✗ line 2: cannot write to disk/new.txt: the disk is full
                ✗ line 3: cannot write to disk/lines.fs: the disk is full
                ✗ line 4: cannot write to disk/old.txt: the disk is full
                ✗ line 5: cannot write to disk/added.txt: the disk is full

                """)
        #expect(try String(contentsOf: disk.appendingPathComponent("old.txt"), encoding: .utf8) == old)
        let left = try FileManager.default.contentsOfDirectory(atPath: disk.path).sorted()
        #expect(left == ["filler", "old.txt"], "nothing half written is left: \(left)")
    }
}

/// A tmpfs of a few KB, mounted for a test of a full disk.
enum SmallDisk {
    /// Mounts one at `path`; false when this user may not.
    static func mount(at path: String) -> Bool {
        command(["mount", "-t", "tmpfs", "-o", "size=16k", "tmpfs", path])
    }

    static func unmount(_ path: String) {
        _ = command(["umount", path])
    }

    private static func command(_ arguments: [String]) -> Bool {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return false }
        process.waitUntilExit()
        return process.terminationStatus == 0
    }
}
