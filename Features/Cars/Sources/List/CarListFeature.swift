import FlowShellKit

/// The logic of the car list: filtering, ordering, refreshing, and choosing a car, which it
/// reports as the `selected` event with the car's id.
final class CarListFeature: Feature, CarListActions {
    nonisolated static let id = "cars.list"

    private let updater: CarListUpdater
    private let fleet: CarAggregator
    private let emit: @MainActor (String, [String: String]) -> Void

    init(updater: CarListUpdater, fleet: CarAggregator, context: FeatureContext) {
        self.updater = updater
        self.fleet = fleet
        self.emit = context.emitter
    }

    func select(carID: String) throws {
        guard updater.state.listedCars.contains(where: { $0.id == carID }) else {
            throw UserFacingError("no car '\(carID)' in the list — the ids are in the first column")
        }
        emit("selected", ["carID": carID])
    }

    func filter(by text: String) {
        updater.mutate { $0.filter = text }
    }

    func sort(by order: CarSortOrder) {
        updater.mutate { $0.order = order }
    }

    func showOperators() {
        emit("showOperators", [:])
    }

    func showAccount() {
        emit("showAccount", [:])
    }

    func showBookings() {
        emit("showBookings", [:])
    }

    func refresh() async throws {
        let cars = try await fleet.refreshedCars()
        updater.mutate { $0.cars = cars }
    }
}
