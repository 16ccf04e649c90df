/// A confirmed booking as kept in the module's settings.
public struct BookingRecord: Codable, Sendable, Equatable {
    /// Its code (`BK-1234`).
    public var code: String
    /// The car's id.
    public var carID: String
    /// The car's name.
    public var carName: String
    /// How many hours.
    public var hours: Int
    /// The price.
    public var total: Int

    /// Creates a record.
    public init(code: String, carID: String, carName: String, hours: Int, total: Int) {
        self.code = code
        self.carID = carID
        self.carName = carName
        self.hours = hours
        self.total = total
    }
}
