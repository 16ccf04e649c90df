@testable import Cars
import FlowShellKit
import Testing

/// Builds a Cars screen through its registration and records the events it emits.
@MainActor
final class CarsHarness {
    let screen: any Presentable

    init(_ featureID: String, input: [String: String] = [:]) async throws {
        let registration = try #require(CarsModule.features.first { $0.id == featureID })
        let box = EventBox()
        screen = try await registration.make(FeatureContext(input: FeatureInput(input)) { box.events.append($0) })
        self.box = box
    }

    private let box: EventBox
    var emitted: [FeatureEvent] { box.events }

    /// Runs a command as the REPL does.
    func run(_ line: String) async throws {
        let words = line.split(separator: " ").map(String.init)
        let command = try #require(screen.viewProperties.command(named: words[0]), "no command \(words[0])")
        try await command.handler(CommandArguments(usage: command.usage, values: Array(words.dropFirst())))
    }

    var properties: ViewProperties { screen.viewProperties }

    /// The rows of the first table on screen.
    var tableRows: [[String]] {
        for case .table(let table) in properties.content { return table.rows }
        return []
    }
}

@MainActor
final class EventBox {
    var events: [FeatureEvent] = []
}

@MainActor
@Suite struct CarListTests {
    @Test func listsEveryOperatorsCarsOnceCheapestFirst() async throws {
        let list = try await CarsHarness("cars.list")
        #expect(list.properties.title == "Cars")
        #expect(list.tableRows.map { $0[0] } == ["smart", "rio", "polo", "zoe", "leaf", "octavia", "model3"])
        #expect(list.tableRows[1] == ["rio", "Kia Rio", "CityDrive", "9/h", "350 m"])
        #expect(list.properties.status == "7 of 7 cars, by price")
        #expect(list.properties.commands.map(\.name) == CarsModule.features.first { $0.id == "cars.list" }?.commands)
    }

    @Test func filtersAndSorts() async throws {
        let list = try await CarsHarness("cars.list")
        try await list.run("sort distance")
        #expect(list.tableRows.map { $0[0] } == ["smart", "rio", "zoe", "polo", "leaf", "octavia", "model3"])
        try await list.run("filter GREEN")
        #expect(list.tableRows.map { $0[0] } == ["zoe", "leaf"])
        #expect(list.properties.status == "2 of 7 cars, by distance, matching 'GREEN'")
        try await list.run("filter nothing-like-this")
        #expect(list.properties.content == [.message(.info, "No car matches 'nothing-like-this'.")])
        try await list.run("filter")
        #expect(list.tableRows.count == 7)
        await #expect(throws: UserFacingError("cannot sort by 'colour' — choose price, distance or name")) {
            try await list.run("sort colour")
        }
    }

    @Test func selectingACarEmitsItsID() async throws {
        let list = try await CarsHarness("cars.list")
        try await list.run("select zoe")
        #expect(list.emitted == [FeatureEvent("selected", payload: ["carID": "zoe"])])
        await #expect(throws: UserFacingError("no car 'ghost' in the list — the ids are in the first column")) {
            try await list.run("select ghost")
        }
        await #expect(throws: UserFacingError("missing CAR-ID — usage: select CAR-ID")) {
            try await list.run("select")
        }
        #expect(list.emitted.count == 1)
    }

    @Test func selectCompletesTheVisibleIDs() async throws {
        let list = try await CarsHarness("cars.list")
        try await list.run("filter city")
        #expect(list.properties.command(named: "select")?.arguments.first?.values == ["rio", "polo", "octavia"])
    }

    @Test func anOperatorInputNarrowsTheList() async throws {
        let list = try await CarsHarness("cars.list", input: ["operator": "GreenGo"])
        #expect(list.properties.title == "GreenGo cars")
        #expect(list.tableRows.map { $0[0] } == ["zoe", "leaf"])
        await #expect(throws: UserFacingError("no car 'rio' in the list — the ids are in the first column")) {
            try await list.run("select rio")
        }
        try await list.run("operators")
        #expect(list.emitted == [FeatureEvent("showOperators")])
    }
}

@MainActor
@Suite struct CarDetailsTests {
    @Test func showsTheCarAndAsksToBookIt() async throws {
        let details = try await CarsHarness("cars.details", input: ["carID": "octavia"])
        #expect(details.properties.title == "Škoda Octavia")
        #expect(details.properties.content == [.keyValue([
            KeyValue("Car", "Škoda Octavia"), KeyValue("Operator", "CityDrive"), KeyValue("Price", "13 per hour"),
            KeyValue("Distance", "2.4 km"), KeyValue("Seats", "5"), KeyValue("Fuel", "91%"), KeyValue("Plate", "C789FG"),
        ])])
        try await details.run("book")
        #expect(details.emitted == [FeatureEvent("book", payload: ["carID": "octavia", "carName": "Škoda Octavia", "pricePerHour": "13"])])
    }

    @Test func anUnknownCarIsRefused() async {
        await #expect(throws: UserFacingError("no car 'ghost'")) {
            _ = try await CarsHarness("cars.details", input: ["carID": "ghost"])
        }
    }
}

@MainActor
@Suite struct OperatorListTests {
    @Test func listsOperatorsAndChoosesOneIgnoringCase() async throws {
        let operators = try await CarsHarness("cars.operators")
        #expect(operators.tableRows == [["CityDrive", "3", "9 per hour"], ["GreenGo", "2", "11 per hour"], ["UrbanWheels", "2", "8 per hour"]])
        try await operators.run("choose urbanwheels")
        #expect(operators.emitted == [FeatureEvent("chosen", payload: ["operator": "UrbanWheels"])])
        await #expect(throws: UserFacingError("no operator 'Nobody' — choose one of CityDrive, GreenGo, UrbanWheels")) {
            try await operators.run("choose Nobody")
        }
    }
}
