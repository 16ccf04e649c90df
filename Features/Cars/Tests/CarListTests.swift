import Fleet
@testable import Cars
import FlowShellKit
import FlowShellTesting
import Testing

@MainActor
@Suite struct CarListTests {
    @Test func listsEveryOperatorsCarsOnceCheapestFirst() async throws {
        let list = try await FeatureHarness(CarsModule.module, "cars.list")
        list.expectScreen([
            "title: Cars",
            "table: ID | Car | Operator | Price | Away",
            "rows open: select ID",
            "row: smart | Smart ForTwo | UrbanWheels | 8/h | 150 m",
            "row: rio | Kia Rio | CityDrive | 9/h | 350 m",
            "row: polo | Volkswagen Polo | CityDrive | 10/h | 1.2 km",
            "row: zoe | Renault Zoe | GreenGo | 11/h | 600 m",
            "row: leaf | Nissan Leaf | GreenGo | 12/h | 1.8 km",
            "row: octavia | Škoda Octavia | CityDrive | 13/h | 2.4 km",
            "row: model3 | Tesla Model 3 | UrbanWheels | 25/h | 3.1 km",
            "status: 7 of 7 cars, by price",
            "command: select CAR-ID {CAR-ID=smart|rio|polo|zoe|leaf|octavia|model3}",
            "command: filter [TEXT]",
            "command: sort ORDER {ORDER=price|distance|name}",
            "command: refresh",
            "command: operators",
            "command: bookings",
            "command: account",
        ])
        #expect(list.properties.commands.map(\.name) == CarsModule.module.screens.first { $0.id == "cars.list" }?.commands)
    }

    @Test func filtersAndSorts() async throws {
        let list = try await FeatureHarness(CarsModule.module, "cars.list")
        try await list.send("sort distance")
        list.expectScreen(contains: ["status: 7 of 7 cars, by distance"])
        try await list.send("filter GREEN")
        list.expectScreen(contains: [
            "row: zoe | Renault Zoe | GreenGo | 11/h | 600 m",
            "row: leaf | Nissan Leaf | GreenGo | 12/h | 1.8 km",
            "status: 2 of 7 cars, by distance, matching 'GREEN'",
            "command: select CAR-ID {CAR-ID=zoe|leaf}",
        ])
        try await list.send("filter nothing-like-this")
        #expect(list.properties.content == [.message(.info, "No car matches 'nothing-like-this'.")])
        try await list.send("filter")
        list.expectScreen(contains: ["status: 7 of 7 cars, by distance"])
        await #expect(throws: UserFacingError("ORDER must be price, distance or name, not 'colour'")) {
            try await list.send("sort colour")
        }
    }

    @Test func selectingACarEmitsItsID() async throws {
        let list = try await FeatureHarness(CarsModule.module, "cars.list")
        try await list.send("select zoe")
        list.expectEvents([FeatureEvent("selected", payload: ["carID": "zoe"])])
        await #expect(throws: UserFacingError("no car 'ghost' in the list — the ids are in the first column")) {
            try await list.send("select ghost")
        }
        await #expect(throws: UserFacingError("missing CAR-ID — usage: select CAR-ID")) {
            try await list.send("select")
        }
        list.expectEvents([])
    }

    @Test func anOperatorInputNarrowsTheList() async throws {
        let list = try await FeatureHarness(CarsModule.module, "cars.list", input: ["operator": "GreenGo"])
        list.expectScreen(contains: ["title: GreenGo cars", "status: 2 of 2 cars, by price"])
        await #expect(throws: UserFacingError("no car 'rio' in the list — the ids are in the first column")) {
            try await list.send("select rio")
        }
        try await list.send("operators")
        try await list.send("bookings")
        try await list.send("account")
        list.expectEvents([FeatureEvent("showOperators"), FeatureEvent("showBookings"), FeatureEvent("showAccount")])
    }
}

@MainActor
@Suite struct CarDetailsTests {
    @Test func showsTheCarAndAsksToBookIt() async throws {
        let details = try await FeatureHarness(CarsModule.module, "cars.details", input: ["carID": "octavia"])
        details.expectScreen([
            "title: Škoda Octavia",
            "Car: Škoda Octavia", "Operator: CityDrive", "Price: 13 per hour", "Distance: 2.4 km",
            "Seats: 5", "Fuel: 91%", "Plate: C789FG",
            "status: id octavia",
            "command: book (primary)",
        ])
        try await details.send("book")
        details.expectEvents([FeatureEvent("book", payload: ["carID": "octavia"])])
    }

    @Test func anUnknownCarIsRefused() async {
        await #expect(throws: UserFacingError("no car 'ghost'")) {
            _ = try await FeatureHarness(CarsModule.module, "cars.details", input: ["carID": "ghost"])
        }
    }
}

@MainActor
@Suite struct OperatorListTests {
    @Test func listsOperatorsAndChoosesOneIgnoringCase() async throws {
        let operators = try await FeatureHarness(CarsModule.module, "cars.operators")
        operators.expectScreen(contains: [
            "row: CityDrive | 3 | 9 per hour", "row: GreenGo | 2 | 11 per hour", "row: UrbanWheels | 2 | 8 per hour",
        ])
        try await operators.send("choose urbanwheels")
        operators.expectEvents([FeatureEvent("chosen", payload: ["operator": "UrbanWheels"])])
        await #expect(throws: UserFacingError("no operator 'Nobody' — choose one of CityDrive, GreenGo, UrbanWheels")) {
            try await operators.send("choose Nobody")
        }
    }

    @Test func aPlateResolvesToItsCar() async throws {
        let resolver = try #require(CarsModule.module.resolvers.first { $0.parameter == "plate" })
        let services = ServiceContainer()
        try CarsModule.module.setUpServices(services, .inMemory())
        #expect(try await resolver.resolve("c789-fg", services) == "octavia")
        await #expect(throws: UserFacingError("no car has the plate 'X'")) { try await resolver.resolve("X", services) }
    }
}
