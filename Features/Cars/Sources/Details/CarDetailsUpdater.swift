import FlowShellKit

/// Builds a car's details: a key-value block and the `book` command.
final class CarDetailsUpdater: Updater<Car> {
    weak var actions: CarDetailsActions?

    override func makeViewProperties(for car: Car) -> ViewProperties {
        ViewProperties(
            title: car.name,
            content: [
                .keyValue([
                    KeyValue("Car", car.name),
                    KeyValue("Operator", car.manager),
                    KeyValue("Price", "\(car.pricePerHour) per hour"),
                    KeyValue("Distance", car.distanceText),
                    KeyValue("Seats", "\(car.seats)"),
                    KeyValue("Fuel", "\(car.fuelPercent)%"),
                    KeyValue("Plate", car.plate),
                ]),
            ],
            commands: [
                Command("book", summary: "Book this car") { [weak self] arguments in
                    try arguments.expectAtMost(0)
                    self?.actions?.book()
                },
            ],
            status: "id \(car.id)"
        )
    }
}
