import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The built `flowshell` binary and the repository it was built from, for end-to-end tests.
package enum FlowShellBinary {
    /// The repository's root folder (this file is in Tests/FlowShellTestSupport).
    package static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The binary beside the test bundle in the build folder.
    package static var url: URL {
        if let override = ProcessInfo.processInfo.environment["FLOWSHELL_BINARY"] {
            return URL(fileURLWithPath: override)
        }
        var folder = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
        // The bundle is a folder on macOS; on Linux the test runner sits beside the binary.
        while folder.pathExtension == "xctest" || folder.lastPathComponent == "MacOS" || folder.lastPathComponent == "Contents" {
            folder.deleteLastPathComponent()
        }
        return folder.appendingPathComponent("flowshell")
    }

    /// A fresh folder for one test's files, removed by the caller.
    package static func temporaryFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("flowshell-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    /// A copy of the demo's `config.json` in `home`, to edit while a shell follows it: the
    /// copy's file and the text it started with.
    package static func demoConfigCopy(in home: URL) throws -> (file: URL, text: String) {
        let file = home.appendingPathComponent("config.json")
        let text = try String(contentsOf: repository.appendingPathComponent("config.json"), encoding: .utf8)
        try Data(text.utf8).write(to: file)
        return (file, text)
    }

    /// The environment the tests run the binary in: a private home and state folder, no colour.
    package static func environment(home: URL, extra: [String: String] = [:]) -> [String: String] {
        var environment = [
            "HOME": home.path,
            "XDG_STATE_HOME": home.appendingPathComponent("state").path,
            "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin",
            "LANG": "C.UTF-8",
            "TERM": "xterm",
            "COLUMNS": "100",
        ]
        environment.merge(extra) { $1 }
        return environment
    }

    package struct Result {
        package var status: Int32
        package var output: String
        package var errors: String
    }

    /// How long a run may take before the test calls it hung: a bound on liveness only, far
    /// beyond what a busy machine needs, never a measure of speed.
    package static let livenessBound: Duration = .seconds(120)

    /// Writing to a child that has already exited (a broken config ends it at once) must fail
    /// the write, not kill the test process: SIGPIPE is ignored once for the whole run.
    private static let brokenPipesAreErrors: Void = {
        _ = signal(SIGPIPE, SIG_IGN)
    }()

    /// Runs the binary (flowshell unless `executable` says another) with `input` on a pipe as
    /// its stdin; gives up after `timeout`.
    package static func run(
        _ arguments: [String], input: String, in folder: URL, environment: [String: String],
        timeout: Duration = livenessBound, executable: URL? = nil
    ) throws -> Result {
        try run(arguments, inputBytes: Array(input.utf8), in: folder, environment: environment, timeout: timeout, executable: executable)
    }

    /// Runs the binary with `inputBytes` on its stdin, which may be anything (invalid UTF-8).
    package static func run(
        _ arguments: [String], inputBytes: [UInt8], in folder: URL, environment: [String: String],
        timeout: Duration = livenessBound, executable: URL? = nil
    ) throws -> Result {
        _ = brokenPipesAreErrors
        let process = Process()
        process.executableURL = executable ?? url
        process.arguments = arguments
        process.currentDirectoryURL = folder
        process.environment = environment
        let stdin = Pipe(), stdout = Pipe(), stderr = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        do {
            try stdin.fileHandleForWriting.write(contentsOf: Data(inputBytes))
        } catch  where isBrokenPipe(error) {
            // The child stopped reading (it exited early); its status and output tell why.
        }
        try stdin.fileHandleForWriting.close()
        // Read both pipes to the end before waiting, so a full pipe cannot stall the child. Each
        // on a thread of its own: the global queue's threads are the ones Swift Testing runs
        // tests on (as many as cores), and with two tests blocked here the readers would wait
        // for a thread until the liveness bound, as every test in the run did once under load.
        let group = DispatchGroup()
        nonisolated(unsafe) var output = Data(), errors = Data()
        group.enter()
        Thread {
            output = stdout.fileHandleForReading.readDataToEndOfFile()
            group.leave()
        }.start()
        group.enter()
        Thread {
            errors = stderr.fileHandleForReading.readDataToEndOfFile()
            group.leave()
        }.start()
        let seconds = Double(timeout.components.seconds)
        if group.wait(timeout: .now() + seconds) == .timedOut {
            process.terminate()
            throw TimeoutError(what: "flowshell \(arguments.joined(separator: " "))")
        }
        process.waitUntilExit()
        return Result(
            status: process.terminationStatus, output: String(decoding: output, as: UTF8.self),
            errors: String(decoding: errors, as: UTF8.self))
    }

    /// Whether a write failed because nobody reads the other end any more (EPIPE).
    private static func isBrokenPipe(_ error: any Error) -> Bool {
        var current: NSError? = error as NSError
        while let error = current {
            if error.domain == NSPOSIXErrorDomain, error.code == Int(EPIPE) { return true }
            current = (error.userInfo[NSUnderlyingErrorKey] as? any Error).map { $0 as NSError }
        }
        return false
    }

    package struct TimeoutError: Error, CustomStringConvertible {
        package var what: String
        package var description: String { "\(what) did not finish in time" }

        package init(what: String) {
            self.what = what
        }
    }
}
