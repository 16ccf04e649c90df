@testable import Booking
import Foundation
import Testing

/// The repository against real SQLite files.
@Suite struct BookingRepositoryTests {
    private func folder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("flowshell-bookings-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    @Test func bookingsSurviveReopeningTheFile() async throws {
        let folder = try folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("bookings.sqlite").path
        let first = BookingRepository(database: try BookingDatabase(path: path))
        let booked = try await first.book(carID: "rio", carName: "Kia Rio", startsAt: 0, endsAt: 3600, total: 9)
        #expect(booked.code == "BK-1001")
        // Another connection (another shell), with the migrations run again: same data.
        let second = BookingRepository(database: try BookingDatabase(path: path))
        #expect(try await second.bookings() == [booked])
        _ = try await second.cancel(code: "BK-1001", at: 100)
        #expect(try await first.bookings().first?.cancelledAt == 100)
    }

    @Test func overlapsAreRefusedAndTouchingBookingsAreNot() async throws {
        let repository = BookingRepository(database: try BookingDatabase(path: nil))
        let first = try await repository.book(carID: "rio", carName: "Kia Rio", startsAt: 3600, endsAt: 7200, total: 9)
        for (start, end) in [(0.0, 3601.0), (7199.0, 9000.0), (3600.0, 7200.0), (4000.0, 5000.0), (0.0, 10000.0)] {
            await #expect(throws: BookingRepository.Refusal.overlaps(first)) {
                _ = try await repository.book(carID: "rio", carName: "Kia Rio", startsAt: start, endsAt: end, total: 9)
            }
        }
        _ = try await repository.book(carID: "rio", carName: "Kia Rio", startsAt: 0, endsAt: 3600, total: 9)
        _ = try await repository.book(carID: "rio", carName: "Kia Rio", startsAt: 7200, endsAt: 9000, total: 9)
        _ = try await repository.book(carID: "zoe", carName: "Renault Zoe", startsAt: 3600, endsAt: 7200, total: 11)
        #expect(try await repository.bookings().count == 4)
    }

    @Test func twoWritersRacingForOneCarBookItOnce() async throws {
        let folder = try folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("bookings.sqlite").path
        for round in 0..<10 {
            // Two separate pools on one file: as two shells would be.
            let writers = [
                BookingRepository(database: try BookingDatabase(path: path)),
                BookingRepository(database: try BookingDatabase(path: path)),
            ]
            let start = Double(round) * 10000
            let outcomes = await withTaskGroup(of: Bool.self) { group in
                for writer in writers {
                    group.addTask {
                        (try? await writer.book(carID: "rio", carName: "Kia Rio", startsAt: start, endsAt: start + 3600, total: 9)) != nil
                    }
                }
                return await group.reduce(into: [Bool]()) { $0.append($1) }
            }
            #expect(outcomes.filter { $0 }.count == 1, "round \(round): exactly one of the two bookings wins")
        }
        let all = try await BookingRepository(database: try BookingDatabase(path: path)).bookings()
        #expect(all.count == 10)
        #expect(Set(all.map(\.code)).count == 10)
    }

    @Test func shellsStartingTogetherOnANewFolderAllOpenIt() async throws {
        for _ in 0..<20 {
            let folder = try folder()
            defer { try? FileManager.default.removeItem(at: folder) }
            let path = folder.appendingPathComponent("bookings.sqlite").path
            // Four shells open the same new file at once, each making its schema.
            let failures = await withTaskGroup(of: String?.self) { group in
                for _ in 0..<4 {
                    group.addTask { @Sendable in
                        do { _ = try BookingDatabase(path: path); return nil } catch { return "\(error)" }
                    }
                }
                return await group.reduce(into: [String]()) { if let failure = $1 { $0.append(failure) } }
            }
            #expect(failures.isEmpty)
        }
    }
}
