import FlowShellTestSupport
import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Bookings live in SQLite: what the screen calls booked survives kill -9, and two shells on
/// one data folder see each other's bookings.
@Suite(.serialized) struct DurabilityTests: TestFolderSuite {
    let scratch = TemporaryFolder()

    @Test func aConfirmedBookingSurvivesKillNine() throws {
        let terminal = try atCars(["--config", config, "--fresh"], columns: 200)
        try terminal.enter("select rio", expecting: "Cars › Kia Rio › ")
        try terminal.enter("book", expecting: "[Sign in] › ")
        try terminal.enter("login alice", expecting: "[Book Kia Rio] › ")
        try terminal.enter("confirm", expecting: "✓ Booked Kia Rio for 1 h — booking BK-1001")
        kill(terminal.pid, SIGKILL)
        #expect(try terminal.waitForExit() == 128 + SIGKILL)

        let after = try flowshell(["--config", config, "--fresh"], input: "bookings\n")
        #expect(after.errors == "")
        #expect(after.output.contains("1 booking\n"))
        #expect(after.output.contains("BK-1001  Kia Rio"))
    }

    @Test func twoShellsShareTheirBookings() throws {
        let first = try atCars(["--config", config, "--fresh"], columns: 200)
        try first.enter("bookings", expecting: "[Sign in] › ")
        try first.enter("login alice", expecting: "No bookings yet.", "Cars › My bookings › ")

        // A second shell on the same data folder books while the first is open.
        let second = try flowshell(["--config", config, "--fresh"], input: "select zoe\nbook\nhours 2\nconfirm\n")
        #expect(second.errors == "")
        #expect(second.output.contains("✓ Booked Renault Zoe for 2 h — booking BK-1001"))

        // The booking shows by itself (the list follows the database) or after refresh.
        try first.enter("refresh", expecting: "BK-1001  Renault Zoe", "1 booking")
        // The prompt after a later command's answer is the line editor's, reading again.
        try first.enter("where", expecting: "2. My bookings (booking.list)", "My bookings › ")
        #expect(try first.quit(typing: "\u{04}") == 0)
    }

    @Test func shellsStartedTogetherOnANewDataFolderAllBook() async throws {
        let config = self.config
        // Each makes the settings and bookings databases' schemas at the same moment as the others.
        let results = try await withThrowingTaskGroup(of: FlowShellBinary.Result.self) { group in
            for (index, car) in ["rio", "zoe", "polo", "leaf"].enumerated() {
                group.addTask {
                    try flowshell(["--config", config, "--fresh"], input: "select \(car)\nbook\nlogin user\(index)\nconfirm\n")
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        for result in results {
            // The session is the data folder's: a shell that another signed in first books at once.
            let errors = result.errors.split(separator: "\n").filter { !$0.contains("'login' is a command of Sign in") }
            #expect(errors == [])
            #expect(result.output.contains("✓ Booked"), "\(result.output)")
        }
    }
}
