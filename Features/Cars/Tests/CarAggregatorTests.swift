import Fleet
@testable import Cars
import Foundation
import Testing

@Suite struct CarAggregatorTests {
    struct FixedManager: CarManager {
        let name: String
        let cars: [Car]
        func fleet() async throws -> [Car] { cars }
    }

    struct FailingManager: CarManager {
        let name = "Down"
        struct Outage: Error {}
        func fleet() async throws -> [Car] { throw Outage() }
    }

    static func car(_ id: String, _ manager: String, price: Int = 10) -> Car {
        Car(id: id, name: "Car \(id)", manager: manager, pricePerHour: price, distanceMetres: 100, seats: 4, fuelPercent: 50)
    }

    @Test func mergesFleetsKeepingTheFirstOperatorsCopyOfADuplicate() async throws {
        let aggregator = CarAggregator(managers: [
            FixedManager(name: "A", cars: [Self.car("b", "A"), Self.car("a", "A", price: 1)]),
            FixedManager(name: "B", cars: [Self.car("a", "B", price: 2), Self.car("c", "B")]),
        ])
        let cars = try await aggregator.allCars()
        #expect(cars.map(\.id) == ["a", "b", "c"])
        #expect(cars.first?.pricePerHour == 1)
        #expect(try await aggregator.car(id: "c")?.manager == "B")
        #expect(try await aggregator.car(id: "z") == nil)
    }

    @Test func anOperatorsFailureIsReported() async {
        let aggregator = CarAggregator(managers: [FixedManager(name: "A", cars: []), FailingManager()])
        await #expect(throws: FailingManager.Outage.self) { try await aggregator.allCars() }
    }

    /// An operator whose refreshed fleet arrives when the test lets it.
    final class GatedManager: CarManager, @unchecked Sendable {
        // @unchecked: the gate is an AsyncStream continuation, which is Sendable; the cars are constant.
        let name: String
        let cars: [Car]
        let refreshed: [Car]
        let (opened, gate) = AsyncStream<Void>.makeStream()
        init(name: String, cars: [Car], refreshed: [Car]) { self.name = name; self.cars = cars; self.refreshed = refreshed }
        func fleet() async throws -> [Car] { cars }
        func refreshedFleet() async throws -> [Car] {
            for await _ in opened { break }
            return refreshed
        }
    }

    @Test @MainActor func aRefreshShowsEachOperatorsAnswerAsItArrives() async throws {
        let first = GatedManager(name: "A", cars: [Self.car("a", "A")], refreshed: [Self.car("a", "A"), Self.car("a2", "A")])
        let second = GatedManager(name: "B", cars: [Self.car("b", "B")], refreshed: [])
        let aggregator = CarAggregator(managers: [first, second])
        var heard: [(ids: [String], answered: Int)] = []
        // B answers first (its cars are gone), then A (one more car).
        second.gate.yield()
        let cars = try await aggregator.refreshedCars { cars, answered in
            heard.append((cars.map(\.id), answered))
            if answered == 1 { first.gate.yield() }
        }
        #expect(heard.map(\.ids) == [["a"], ["a", "a2"]])
        #expect(heard.map(\.answered) == [1, 2])
        #expect(cars.map(\.id) == ["a", "a2"])
    }

    @Test func distancesReadNaturally() {
        #expect(Self.car("a", "A").distanceText == "100 m")
        var far = Self.car("a", "A")
        far.distanceMetres = 1249
        #expect(far.distanceText == "1.2 km")
        far.distanceMetres = 1250
        #expect(far.distanceText == "1.3 km")
    }
}

@Suite struct ShippedFleetTests {
    @Test func theShippedFleetFilesMergeIntoSevenCars() async throws {
        let managers = try FleetFile.managers(from: FleetFile.shipped)
        #expect(managers.map(\.name) == ["CityDrive", "GreenGo", "UrbanWheels"])
        let cars = try await CarAggregator(managers: managers).allCars()
        #expect(cars.count == 7, "UrbanWheels lists CityDrive's Kia Rio too; it is merged")
        #expect(cars.first { $0.id == "rio" }?.manager == "CityDrive")
        #expect(Set(cars.map(\.plate)).count == 7)
    }

    @Test func everyFleetFileInTheFolderIsCompiledIn() throws {
        // Package.swift names each file it embeds; a file added to Fleets/ must be named there too.
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Sources/Fleets")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".json") }.sorted()
        #expect(files == FleetFile.shipped.map(\.name))
        for (name, contents) in FleetFile.shipped {
            #expect(contents == Array(try Data(contentsOf: folder.appendingPathComponent(name))))
        }
    }

    @Test func aBrokenFleetFileIsNamed() throws {
        let broken = [(name: "Broken.json", contents: Array("{\"operator\": 1}".utf8))]
        #expect(throws: CarsDataError.self) { try FleetFile.managers(from: broken) }
        do {
            _ = try FleetFile.managers(from: broken)
        } catch {
            #expect("\(error)".hasPrefix("Broken.json: not a fleet file"))
        }
    }
}
