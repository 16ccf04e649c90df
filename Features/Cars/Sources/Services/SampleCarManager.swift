/// An operator whose fleet is fixed data, as shipped with the sample app. Asking it anew takes
/// as long as a network round trip would (`refreshLatency`), so that progress and Ctrl-C show.
public struct SampleCarManager: CarManager {
    /// The operator's name.
    public let name: String
    /// How long a refresh takes.
    public let refreshLatency: Duration
    private let cars: [Car]

    /// Creates an operator with a fixed fleet.
    public init(name: String, refreshLatency: Duration = .zero, cars: [Car]) {
        self.name = name
        self.refreshLatency = refreshLatency
        self.cars = cars
    }

    /// The fixed fleet.
    public func fleet() async throws -> [Car] {
        try Task.checkCancellation()
        return cars
    }

    /// The fixed fleet, after the simulated round trip.
    public func refreshedFleet() async throws -> [Car] {
        try await Task.sleep(for: refreshLatency)
        return try await fleet()
    }

    /// The three operators of the sample app. `UrbanWheels` lists a car that `CityDrive`
    /// also lists, which the aggregator merges.
    public static let all: [SampleCarManager] = [
        SampleCarManager(name: "CityDrive", refreshLatency: .milliseconds(400), cars: [
            Car(id: "rio", name: "Kia Rio", manager: "CityDrive", pricePerHour: 9, distanceMetres: 350, seats: 5, fuelPercent: 80, plate: "A123BC"),
            Car(id: "polo", name: "Volkswagen Polo", manager: "CityDrive", pricePerHour: 10, distanceMetres: 1200, seats: 5, fuelPercent: 64, plate: "B456DE"),
            Car(id: "octavia", name: "Škoda Octavia", manager: "CityDrive", pricePerHour: 13, distanceMetres: 2400, seats: 5, fuelPercent: 91, plate: "C789FG"),
        ]),
        SampleCarManager(name: "GreenGo", refreshLatency: .milliseconds(700), cars: [
            Car(id: "zoe", name: "Renault Zoe", manager: "GreenGo", pricePerHour: 11, distanceMetres: 600, seats: 5, fuelPercent: 72, plate: "E321GH"),
            Car(id: "leaf", name: "Nissan Leaf", manager: "GreenGo", pricePerHour: 12, distanceMetres: 1800, seats: 5, fuelPercent: 55, plate: "K654LM"),
        ]),
        SampleCarManager(name: "UrbanWheels", refreshLatency: .milliseconds(1000), cars: [
            Car(id: "smart", name: "Smart ForTwo", manager: "UrbanWheels", pricePerHour: 8, distanceMetres: 150, seats: 2, fuelPercent: 43, plate: "M987NP"),
            Car(id: "rio", name: "Kia Rio", manager: "CityDrive", pricePerHour: 9, distanceMetres: 350, seats: 5, fuelPercent: 80, plate: "A123BC"),
            Car(id: "model3", name: "Tesla Model 3", manager: "UrbanWheels", pricePerHour: 25, distanceMetres: 3100, seats: 5, fuelPercent: 88, plate: "T111ES"),
        ]),
    ]
}
