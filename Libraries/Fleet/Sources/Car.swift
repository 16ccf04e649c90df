/// A car offered by one car-sharing operator.
public struct Car: Sendable, Equatable, Identifiable {
    /// A short id unique across operators, typed by users (`rio`).
    public var id: String
    /// Make and model (`Kia Rio`).
    public var name: String
    /// The operator that rents it out.
    public var manager: String
    /// Price per hour, in whole currency units.
    public var pricePerHour: Int
    /// Distance from the user, in metres.
    public var distanceMetres: Int
    /// Number of seats.
    public var seats: Int
    /// Fuel or charge level, in percent.
    public var fuelPercent: Int
    /// Its licence plate, as written on the car.
    public var plate: String

    /// A car offered by the operator `manager`, at `distanceMetres` from the user; `plate` may be
    /// empty where the operator does not say it.
    public init(
        id: String, name: String, manager: String, pricePerHour: Int, distanceMetres: Int, seats: Int, fuelPercent: Int,
        plate: String = ""
    ) {
        self.id = id
        self.name = name
        self.manager = manager
        self.pricePerHour = pricePerHour
        self.distanceMetres = distanceMetres
        self.seats = seats
        self.fuelPercent = fuelPercent
        self.plate = plate
    }

    /// The distance for people: `350 m` or `1.2 km`.
    public var distanceText: String {
        guard distanceMetres >= 1000 else { return "\(distanceMetres) m" }
        let tenths = (distanceMetres + 50) / 100
        return "\(tenths / 10).\(tenths % 10) km"
    }
}
