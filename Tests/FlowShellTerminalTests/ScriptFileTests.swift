import FlowShellTestSupport
import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `run FILE` and `--script FILE` read a regular file of commands of at most 1 MiB: a device, a
/// folder or a FIFO is refused in words without being read (`/dev/zero` never ends, a FIFO
/// without a writer never opens), and so is a larger file.
@Suite struct ScriptFileTests: TestFolderSuite {
    let scratch = TemporaryFolder()

    @Test func whatIsNotAFileOfCommandsIsRefusedWithoutBeingRead() throws {
        #expect(mkfifo(home.appendingPathComponent("fifo").path, 0o600) == 0)
        try FileManager.default.createDirectory(at: home.appendingPathComponent("notes"), withIntermediateDirectories: true)
        try Data("where\n".utf8).write(to: home.appendingPathComponent("small.fs"))
        // One byte past the limit, in lines that would each run.
        let line = "where\n"
        var large = String(repeating: line, count: (1 << 20) / line.utf8.count)
        large += String(repeating: "#", count: (1 << 20) - large.utf8.count + 1)
        try Data(large.utf8).write(to: home.appendingPathComponent("large.fs"))
        let result = try flowshell(["--config", config], input: "run /dev/zero\nrun notes\nrun fifo\nrun large.fs\nrun small.fs\n")
        #expect(
            result.errors == """
                ✗ line 1: cannot read the script /dev/zero: '/dev/zero' is a device, not a file of commands
                ✗ line 2: cannot read the script notes: 'notes' is a folder, not a file of commands
                ✗ line 3: cannot read the script fifo: 'fifo' is a FIFO (a pipe), not a file of commands
                ✗ line 4: cannot read the script large.fs: 'large.fs' is larger than 1 MiB, more than a script may be; nothing of it was run

                """)
        #expect(result.output.components(separatedBy: "1. Cars (cars.list)").count == 2, "only small.fs ran: \(result.output.suffix(300))")
    }

    @Test func scriptOptionRefusesADevice() throws {
        let result = try flowshell(["--config", config, "--script", "/dev/zero"])
        #expect(result.errors == "error: cannot read the script /dev/zero: '/dev/zero' is a device, not a file of commands\n")
        #expect(result.status == 2)
    }
}
