import FlowShellKit

/// The logic of a car's details: asking to book it, reported as the `book` event with what
/// the booking screen needs to know about the car.
final class CarDetailsFeature: Feature, CarDetailsActions {
    nonisolated static let id = "cars.details"

    private let updater: CarDetailsUpdater
    private let emit: @MainActor (String, [String: String]) -> Void

    init(updater: CarDetailsUpdater, context: FeatureContext) {
        self.updater = updater
        self.emit = context.emitter
    }

    func book() {
        let car = updater.state
        emit("book", ["carID": car.id, "carName": car.name, "pricePerHour": "\(car.pricePerHour)"])
    }
}
