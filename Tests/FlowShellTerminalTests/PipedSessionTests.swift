import FlowShellTestSupport
import Foundation
import Testing

/// The real binary with a pipe on stdin, as scripts and CI use it.
@Suite struct PipedSessionTests: TestFolderSuite {
    let scratch = TemporaryFolder()

    @Test func aScriptBrowsesBooksAndGoesBack() throws {
        let script = """
            select rio
            book
            login alice
            hours 2
            confirm
            where
            back
            sort distance
            quit
            """
        let result = try flowshell(["--config", config], input: script)
        #expect(result.status == 0)
        #expect(result.errors == "")
        let lines = result.output.components(separatedBy: "\n")
        // The car list first, as a table, then each screen as the script reaches it.
        #expect(lines.first == "Cars")
        #expect(lines[1].hasPrefix("ID ") && lines[1].contains("Car") && lines[1].contains("Price"))
        #expect(lines.contains("Kia Rio"))
        #expect(lines.contains("Book Kia Rio"))
        #expect(lines.contains("Duration: 2 hours"))
        #expect(lines.contains { $0.hasPrefix("✓ Booked Kia Rio for 2 h — booking BK-") })
        // After the confirmation dismissed the modal layer: details, then the list by distance.
        #expect(lines.contains("1. Cars (cars.list)"))
        #expect(lines.contains("2. Kia Rio (cars.details, carID=rio)"))
        #expect(!lines.contains { $0.contains("[modal]") })
        #expect(lines.contains("7 of 7 cars, by distance"))
        #expect(!result.output.contains("\u{1B}"), "no escape codes on a pipe")
        #expect(!result.output.contains("›"), "no prompt on a pipe")
    }

    @Test func failuresGoToStderrAndMakeTheStatusOne() throws {
        let result = try flowshell(["--config", config], input: "fly away\nselect nothing\nsort price\n")
        #expect(result.status == 1)
        #expect(
            result.errors == """
                ✗ line 1: unknown command 'fly' here — try help
                ✗ line 2: no car 'nothing' in the list — the ids are in the first column

                """)
        #expect(result.output.hasPrefix("Cars\n"))
    }

    @Test func theEndOfInputLeavesWithZero() throws {
        let result = try flowshell(["--config", config])
        #expect(result.status == 0)
        #expect(result.output.hasPrefix("Cars\n"))
    }

    @Test func garbageOnStdinIsRefusedLineByLine() throws {
        var input = Data("select \u{FF}\u{FE}\n".utf8)
        input.append(contentsOf: [0xC3, 0x28, 0x0A, 0x00, 0x0A])
        input.append(Data("where\n".utf8))
        let result = try flowshell(["--config", config], input: String(decoding: input, as: UTF8.self))
        #expect(result.status == 1)
        #expect(result.output.hasSuffix("1. Cars (cars.list)\n"))
    }

    @Test func withoutAConfigTheBuiltInFlowRuns() throws {
        let result = try flowshell([], input: "select zoe\nwhere\n")
        #expect(result.status == 0)
        #expect(result.output.contains("2. Renault Zoe (cars.details, carID=zoe)"))
    }

    @Test func theExampleFlowSwapsRootAndStyles() throws {
        let example = FlowShellBinary.repository.appendingPathComponent("examples/modal-details.json").path
        let result = try flowshell(["--config", example], input: "choose greengo\nselect zoe\nbook\nlogin bob\nwhere\nconfirm\nwhere\n")
        #expect(result.errors == "")
        #expect(result.status == 0)
        #expect(result.output.hasPrefix("Operators\n"))
        #expect(
            result.output.contains(
                """
                1. Operators (cars.operators)
                2. GreenGo cars (cars.list, operator=GreenGo)
                3. Renault Zoe [modal] (cars.details, carID=zoe)
                4. Book Renault Zoe (booking.confirm, carID=zoe)

                """))
        // Confirming dismissed the modal layer (details and booking) back to the list.
        #expect(result.output.hasSuffix("1. Operators (cars.operators)\n2. GreenGo cars (cars.list, operator=GreenGo)\n"))
    }

    /// My bookings at 60 columns: the car's name gives up width, the times keep their hours.
    @Test func myBookingsKeepTheirTimesAtSixtyColumns() throws {
        let environment = FlowShellBinary.environment(home: home, extra: ["COLUMNS": "60"])
        let data = home.appendingPathComponent("data").path
        for (car, hours) in [("polo", "24"), ("octavia", "2")] {
            _ = try flowshell(
                ["--config", config, "--data-dir", data], input: "select \(car)\nbook\nlogin alice\nhours \(hours)\nconfirm\n",
                environment: environment)
        }
        let result = try flowshell(["--config", config, "--data-dir", data], input: "bookings\ncancel BK-1002\n", environment: environment)
        let rows = result.output.split(separator: "\n").filter { $0.hasPrefix("BK-") }
        #expect(rows.count == 4, "\(result.output)")
        let time = /[A-Z][a-z]{2} \d\d:\d\d/
        for row in rows {
            #expect(row.count <= 60)
            #expect(row.matches(of: time).count == 2, "\(row)")
        }
    }

    /// A line longer than a session takes is refused unread, and the session goes on; a line
    /// as long as it may be runs (an unknown word of thousands of letters is answered at once).
    @Test func aLineLongerThanASessionTakesIsRefusedAndTheNextRuns() throws {
        let longest = "filter " + String(repeating: "k", count: 4096 - 7)
        let input =
            String(repeating: "x", count: 5_000_000) + "\n" + "select " + String(repeating: "r", count: 4090) + "\n"
            + String(repeating: "q", count: 4000) + "\n" + longest + "\nwhere\n"
        let result = try flowshell(["--config", config], input: input)
        let errors = result.errors.split(separator: "\n")
        #expect(errors.count == 3, "\(result.errors.prefix(2000))")
        #expect(
            errors.prefix(2) == [
                "✗ line 1: the line is longer than 4096 bytes, the most a line may have — nothing ran",
                "✗ line 2: the line is longer than 4096 bytes, the most a line may have — nothing ran",
            ])
        // The unknown word is named (shortened, as a long word in any message is), with no guess.
        #expect(errors.last?.hasPrefix("✗ line 3: unknown command 'qqqq") == true)
        #expect(errors.last?.hasSuffix("qqqq' here — try help") == true)
        #expect(result.output.contains("0 of 7 cars"))
        #expect(result.output.hasSuffix("1. Cars (cars.list)\n"))
    }
}

/// The test helper itself: a child that exits before reading its input must not take the
/// test process with it (SIGPIPE) nor fail the write (EPIPE).
@Suite struct FlowShellBinaryTests: TestFolderSuite {
    let scratch = TemporaryFolder()

    @Test func aChildThatExitsBeforeReadingItsInputIsReportedNormally() throws {
        let broken = home.appendingPathComponent("broken.json")
        try Data("{ \"app\": ".utf8).write(to: broken)
        // Far more than a pipe holds, so the write is still going when the child has exited.
        let input = String(repeating: "where\n", count: 200_000)
        let result = try flowshell(["--config", broken.path], input: input)
        #expect(result.status == 2)
        #expect(result.errors.contains("broken.json"))
    }
}

/// Output to a pipe is written once for a run of lines, yet a program that talks to the shell a
/// line at a time gets each answer before it sends the next, and errors keep their place.
@Suite struct PipedOutputOrderTests: TestFolderSuite {
    let scratch = TemporaryFolder()

    /// The binary on the sample flow, with these as its standard input, output and error.
    private func start(home: URL, input: Pipe, output: Pipe, errors: Any) throws -> Process {
        let process = Process()
        process.executableURL = FlowShellBinary.url
        process.arguments = ["--config", config]
        process.environment = FlowShellBinary.environment(home: home)
        process.currentDirectoryURL = home
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        return process
    }

    @Test func outputAndErrorsKeepTheirOrderOnOnePipe() throws {
        let input = Pipe(), both = Pipe()
        let process = try start(home: home, input: input, output: both, errors: both)
        try input.fileHandleForWriting.write(contentsOf: Data("where\nfly away\nwhere\nquit\n".utf8))
        try input.fileHandleForWriting.close()
        let text = String(decoding: both.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        let lines = text.components(separatedBy: "\n")
        let stack = lines.indices.filter { lines[$0] == "1. Cars (cars.list)" }
        let error = try #require(lines.firstIndex { $0.contains("unknown command 'fly'") })
        #expect(stack.count == 2)
        #expect(stack.first.map { $0 < error } == true && stack.last.map { $0 > error } == true, "\(text)")
    }

    @Test func eachLineIsAnsweredBeforeTheNextIsSent() throws {
        let input = Pipe(), output = Pipe()
        let process = try start(home: home, input: input, output: output, errors: FileHandle.nullDevice)
        defer { process.terminate() }
        let reader = PipeReader(output.fileHandleForReading)
        // The first screen comes before any input, the answer to each line before the next.
        try reader.waitFor("commands: select")
        try input.fileHandleForWriting.write(contentsOf: Data("select rio\n".utf8))
        try reader.waitFor("Kia Rio")
        try input.fileHandleForWriting.write(contentsOf: Data("where\n".utf8))
        try reader.waitFor("2. Kia Rio (cars.details, carID=rio)")
        try input.fileHandleForWriting.close()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
    }
}

/// Reads a pipe on a thread of its own and waits for text to arrive, for at most the liveness
/// bound (never a measure of speed).
private final class PipeReader: @unchecked Sendable {  // `text` is guarded by `condition`.
    private let condition = NSCondition()
    private var text = ""

    init(_ handle: FileHandle) {
        Thread { [self] in
            while true {
                let data = handle.availableData
                condition.lock()
                if data.isEmpty {
                    condition.unlock()
                    return
                }
                text += String(decoding: data, as: UTF8.self)
                condition.broadcast()
                condition.unlock()
            }
        }.start()
    }

    struct Timeout: Error, CustomStringConvertible {
        var description: String
    }

    func waitFor(_ wanted: String) throws {
        let deadline = Date().addingTimeInterval(Double(FlowShellBinary.livenessBound.components.seconds))
        condition.lock()
        defer { condition.unlock() }
        while !text.contains(wanted) {
            guard condition.wait(until: deadline) else {
                throw Timeout(description: "timed out waiting for \(wanted.debugDescription); so far:\n\(text)")
            }
        }
    }
}
