import FlowShellTestSupport
import Foundation
import Testing

/// A store that cannot be used makes only the screens that need it unavailable; a damaged one
/// is kept aside and a new one started.
@Suite struct StoreDegradationTests: TestFolderSuite {
    let scratch = TemporaryFolder()

    @Test func aDamagedBookingsDatabaseIsKeptAsideAndSaidOnce() throws {
        let data = home.appendingPathComponent("data")
        try FileManager.default.createDirectory(at: data, withIntermediateDirectories: true)
        let garbage = Data((0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) })
        try garbage.write(to: data.appendingPathComponent("bookings.sqlite"))
        let result = try flowshell(
            ["--config", config, "--data-dir", data.path], input: "account\nlogin alice\nback\nbookings\nback\nbookings\n")
        #expect(result.errors == "")
        let notices = result.output.components(separatedBy: "! the bookings database was damaged; it is kept as bookings.sqlite.damaged-")
        #expect(notices.count == 2, "said once")
        let files = try FileManager.default.contentsOfDirectory(atPath: data.path)
        let kept = try #require(files.first { $0.hasPrefix("bookings.sqlite.damaged-") })
        #expect(try Data(contentsOf: data.appendingPathComponent(kept)) == garbage, "the damaged file is kept as it was")
    }

    @Test func anUnusableDataFolderLeavesTheCarsBrowsable() throws {
        let blocker = home.appendingPathComponent("data")
        try Data("not a folder".utf8).write(to: blocker)
        let folder = blocker.appendingPathComponent("flowshell").path
        let result = try flowshell(
            ["--config", config, "--data-dir", folder], input: "select rio\nback\naccount\nlogin alice\nback\nbookings\n")
        #expect(result.output.contains("Kia Rio\n"), "browsing works")
        #expect(result.errors.contains("! settings such as the session will not be kept ("))
        #expect(
            result.errors.contains(
                "✗ line 6: cannot open My bookings: bookings are unavailable: the data folder \(folder) cannot be made (is something else in the way?) — choose another folder with --data-dir\n"
            ))
        #expect(!result.errors.contains("SQLite") && !result.errors.contains("NSCocoaErrorDomain"))
    }
}
