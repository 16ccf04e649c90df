import FlowShellTestSupport
import Foundation
import Testing

/// When the kernel refuses to watch files — a user's inotify instances used up by editors,
/// IDEs and sync tools — the real binary still follows another shell's booking and reloads an
/// edited config, looking once a second, and says so once. The refusal is forced with a
/// library preloaded into the binary whose `inotify_init1` fails as the kernel's does (EMFILE).
@Suite(.serialized) struct RefusedWatchTests: TestFolderSuite {
    let scratch = TemporaryFolder()

    let config = FlowShellBinary.repository.appendingPathComponent("config.json")

    /// What the shell says, once, when the kernel refuses.
    static let refusal =
        "the system refused to watch files for changes: this user's inotify instances are used up (fs.inotify.max_user_instances) — checking for changes once a second instead"

    @Test func withWatchesRefusedMyBookingsFollowsAnotherShellAndAnEditedConfigIsReloaded() throws {
        let shim = try Self.buildRefusingShim(in: home)
        let file = home.appendingPathComponent("config.json")
        let original = try String(contentsOf: config, encoding: .utf8)
        try Data(original.utf8).write(to: file)
        let environment = FlowShellBinary.environment(home: home, extra: ["NO_COLOR": "1"])
        var refused = environment
        refused["LD_PRELOAD"] = shim
        // Wide enough that no message wraps.
        let terminal = try PseudoTerminal.flowshell(["--config", file.path], home: home, environment: refused, columns: 300)
        var shown = try terminal.expect(Self.refusal)
        shown += try terminal.expect("Cars › ")
        terminal.type("bookings\r")
        shown += try terminal.expect("[Sign in] › ")
        terminal.type("login alice\r")
        shown += try terminal.expect("0 bookings")
        shown += try terminal.expect("My bookings › ")

        // Another shell on the same data (whose watches work) books a car from now.
        let other = try flowshell(
            ["--config", file.path], input: "select rio\nbook\nlogin alice\nconfirm\nquit\n", environment: environment)
        #expect(other.output.contains("BK-1001"), "the other shell booked: \(other.output) \(other.errors)")
        let update = try terminal.expect("My bookings changed by itself")
        shown += update
        shown += try terminal.expect("My bookings › ")
        #expect(update.contains("Kia Rio"))
        #expect(update.contains("running"), "a booking from now is running: \(update)")

        // An editor's save of the config (a new file renamed over the old one) is applied.
        let edited = original.replacingOccurrences(
            of: "\"on\": \"selected\", \"to\": \"cars.details\", \"style\": \"push\"",
            with: "\"on\": \"selected\", \"to\": \"cars.details\", \"style\": \"present\"")
        #expect(edited != original)
        let temporary = home.appendingPathComponent(".config.json.swp")
        try Data(edited.utf8).write(to: temporary)
        #expect(rename(temporary.path, file.path) == 0)
        shown += try terminal.expect("reloaded \(file.path)")
        shown += try terminal.expect("My bookings › ")
        terminal.type("home\r")
        shown += try terminal.expect("Cars › ")
        terminal.type("select rio\r")
        // The edited flow presents a car's details as a layer of its own.
        shown += try terminal.expect("Cars › [Kia Rio] › ")
        terminal.type("back\r")
        shown += try terminal.expect("Cars › ")
        #expect(try terminal.quit() == 0)
        #expect(shown.components(separatedBy: "the system refused").count == 2, "the refusal is said once: \(shown.debugDescription)")
    }

    /// Builds a library whose `inotify_init1` and `inotify_init` fail as the kernel's do when
    /// the user's instances are used up; returns its path, for `LD_PRELOAD`.
    static func buildRefusingShim(in folder: URL) throws -> String {
        let source = folder.appendingPathComponent("refuse_inotify.c")
        let library = folder.appendingPathComponent("refuse_inotify.so")
        try Data(
            """
            #include <errno.h>
            int inotify_init1(int flags) { (void)flags; errno = EMFILE; return -1; }
            int inotify_init(void) { errno = EMFILE; return -1; }
            """.utf8
        ).write(to: source)
        // The Swift toolchain brings clang; a machine without it may have cc.
        let compiler = try #require(
            ["clang", "cc", "gcc"].lazy.compactMap(Self.program(named:)).first,
            "a C compiler (clang, cc or gcc) on PATH builds the library")
        let build = Process()
        build.executableURL = URL(fileURLWithPath: compiler)
        build.arguments = ["-shared", "-fPIC", "-o", library.path, source.path]
        try build.run()
        build.waitUntilExit()
        try #require(build.terminationStatus == 0, "\(compiler) built the library")
        return library.path
    }

    /// The path of `name` on PATH, if it is there.
    private static func program(named name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }
}
