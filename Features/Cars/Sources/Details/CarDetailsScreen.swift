import Fleet
import FlowShellKit

/// A car's details, looked up from its id; `book` asks to book it.
struct CarDetailsScreen: Screen {
    static let id = "cars.details"
    static let title = "Car details"

    struct Events: ScreenEvents {
        let book = Event<CarReference>("the user wants to book this car")
    }

    let fleet: CarAggregator
    let input: CarReference

    init(input: CarReference, context: ScreenContext) throws {
        fleet = try context.services.resolve(CarAggregator.self)
        self.input = input
    }

    func load() async throws -> Car {
        guard let car = try await fleet.car(id: input.carID) else {
            throw UserFacingError("no car '\(input.carID)'")
        }
        return car
    }

    static let commands: [ScreenCommand<Self>] = [
        .command("book", "Book this car") { _, car, emit in
            emit(\.book, CarReference(carID: car.id))
        }.emitting(\.book).primary()
    ]

    static func render(_ car: Car) -> ViewProperties {
        ViewProperties(title: car.name, status: "id \(car.id)") {
            Component.keyValue([
                KeyValue("Car", car.name),
                KeyValue("Operator", car.manager),
                KeyValue("Price", "\(car.pricePerHour) per hour"),
                KeyValue("Distance", car.distanceText),
                KeyValue("Seats", "\(car.seats)"),
                KeyValue("Fuel", "\(car.fuelPercent)%"),
                KeyValue("Plate", car.plate),
            ])
        }
    }
}
