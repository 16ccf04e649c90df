import FlowShellTestSupport
import Foundation
import Testing

/// A state file or data folder that cannot be used is said once, in the user's words.
@Suite struct StorageFaultTests: TestFolderSuite {
    let scratch = TemporaryFolder()

    @Test func aStateFileThatIsAFolderIsSaidOnceAndTheShellGoesOn() throws {
        let state = home.appendingPathComponent("state-folder")
        try FileManager.default.createDirectory(at: state, withIntermediateDirectories: true)
        let result = try flowshell(["--config", config, "--state", state.path], input: "select rio\nwhere\n")
        #expect(result.status == 0)
        #expect(result.errors == "! cannot save where you are to \(state.path): '\(state.path)' is a folder, not a file\n")
        #expect(result.output.contains("2. Kia Rio (cars.details, carID=rio)"))
    }

    @Test func aDataFolderThatIsAFileIsSaidInWords() throws {
        try Data().write(to: home.appendingPathComponent("data"))
        let result = try flowshell(["--config", config, "--data-dir", "data"], input: "where\n")
        // The app runs without its settings, and says so.
        #expect(result.status == 0)
        #expect(
            result.errors
                == "! settings such as the session will not be kept ('data' is a file, not a folder) — choose another folder with --data-dir\n"
        )
        #expect(result.output.hasSuffix("1. Cars (cars.list)\n"))
    }

    /// Whether a tmpfs may be mounted here in a namespace of the test's own (`unshare -rm`,
    /// which needs user namespaces): how a test gets a read-only or full disk without root.
    static let mountsTmpfs: Bool = {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/unshare"), let folder = try? FlowShellBinary.temporaryFolder() else {
            return false
        }
        defer { try? FileManager.default.removeItem(at: folder) }
        let probe = Process()
        probe.executableURL = URL(fileURLWithPath: "/usr/bin/unshare")
        probe.arguments = ["-rm", "sh", "-c", "mount -t tmpfs -o size=64k tmpfs \"$0\"", folder.path]
        probe.standardError = FileHandle.nullDevice
        guard (try? probe.run()) != nil else { return false }
        probe.waitUntilExit()
        return probe.terminationStatus == 0
    }()

    /// Runs the binary on `input` with a data folder on a tmpfs of 1 MB of its own: `prepare`
    /// lines run first (in a shell of their own), then `disk` (shell commands: `ro` makes the
    /// disk read-only, `full` fills it), then the binary reads `input`.
    func runOnSmallDisk(prepare: String, disk: String, input: String, in home: URL) throws -> (FlowShellBinary.Result, data: String) {
        let mount = home.appendingPathComponent("disk").path
        let data = mount + "/data"
        try FileManager.default.createDirectory(atPath: mount, withIntermediateDirectories: true)
        let shell = "\"$FLOWSHELL\" --config \"$CONFIG\" --data-dir \"$DATA\" --no-history"
        let script = """
            set -e
            mount -t tmpfs -o size=1m tmpfs "$MOUNT"
            mkdir "$DATA"
            printf '%s' "$PREPARE" | \(shell) > /dev/null 2>&1
            ro() { mount -o remount,ro "$MOUNT"; }
            full() { dd if=/dev/zero of="$MOUNT/filler" bs=4k count=1000 2> /dev/null || true; }
            \(disk)
            exec \(shell)
            """
        let environment = FlowShellBinary.environment(
            home: home,
            extra: [
                "FLOWSHELL": FlowShellBinary.url.path, "CONFIG": config, "MOUNT": mount, "DATA": data, "PREPARE": prepare,
            ])
        let result = try FlowShellBinary.run(
            ["-rm", "sh", "-c", script], input: input, in: home, environment: environment,
            executable: URL(fileURLWithPath: "/usr/bin/unshare"))
        return (result, data)
    }

    /// Lines that leave a booking and settings (signed out again) on the disk.
    static let bookedAndSignedOut = "account\nlogin bob\nback\nselect zoe\nbook\nconfirm\nhome\naccount\nlogout\n"

    /// On a disk that cannot be written, read-only or full, each said as what it is (`DATA`: the
    /// data folder): settings last the session, said once, and a booking is refused in words.
    @Test(
        .enabled(if: mountsTmpfs, "a tmpfs cannot be mounted here (unshare -rm needs user namespaces)"),
        arguments: [
            ("ro", "the disk is read-only", "the data folder DATA cannot be written — choose another folder with --data-dir"),
            ("full", "the disk is full", "the disk holding DATA is full — free some space on it, or choose another folder with --data-dir"),
        ])
    func onADiskThatCannotBeWrittenSettingsLastTheSessionAndABookingIsRefusedInWords(
        disk: String, settingsProblem: String, bookingProblem: String
    ) throws {
        // A booking made while the disk could be written, then the disk made read-only or full.
        let (result, data) = try runOnSmallDisk(
            prepare: Self.bookedAndSignedOut, disk: disk,
            input: "account\nlogin alice\nback\nselect rio\nbook\nconfirm\nback\nback\nalias w where\nw\naccount\n",
            in: home)
        #expect(
            result.errors == """
                ! line 2: the Auth settings cannot be kept in \(data): \(settingsProblem); settings last this session only — choose another folder with --data-dir
                ✗ line 6: cannot keep the booking: \(bookingProblem.replacingOccurrences(of: "DATA", with: data))

                """)
        // Signed in for the session, an alias too, said once.
        #expect(result.output.contains("✓ w now stands for 'where'\n1. Cars (cars.list)\n"))
        #expect(result.output.contains("signed in as alice"))
        #expect(!result.output.contains("SQL") && !result.errors.contains("SQL"))
    }

    @Test(.enabled(if: mountsTmpfs, "a tmpfs cannot be mounted here (unshare -rm needs user namespaces)"))
    func onAReadOnlyDiskTheSettingsKeptBeforeAreRead() throws {
        // SQLite cannot open a database in WAL mode there as it usually does (it would make its
        // shared-memory file): the session kept before is read all the same.
        let (result, _) = try runOnSmallDisk(prepare: "account\nlogin bob\n", disk: "ro", input: "account\n", in: home)
        #expect(result.errors == "")
        #expect(result.output.contains("signed in as bob"), "\(result.output)")
    }

    @Test func settingsThatCannotBeReadAreSaidOnceAndTheAppGoesOn() throws {
        let data = home.appendingPathComponent("data")
        try FileManager.default.createDirectory(at: data, withIntermediateDirectories: true)
        // Not a database at all: what a damaged disk or another program might leave.
        try Data(String(repeating: "not a database ", count: 100).utf8).write(to: data.appendingPathComponent("settings.sqlite"))
        let result = try flowshell(
            ["--config", config, "--data-dir", "data", "--no-history"], input: "account\nlogin alice\nback\naccount\n")
        #expect(result.status == 0)
        #expect(
            result.errors == """
                ! line 1: the settings in data cannot be read: the settings database cannot be used; the app goes on without them (signed out, say) — choose another folder with --data-dir
                ! line 2: the Auth settings cannot be kept in data: the settings database cannot be used; settings last this session only — choose another folder with --data-dir

                """)
        #expect(result.output.contains("signed in as alice"))
    }
}
