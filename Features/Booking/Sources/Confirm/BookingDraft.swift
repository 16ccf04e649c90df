/// A booking being put together on the confirmation screen.
public struct BookingDraft: Sendable, Equatable {
    /// The car's id.
    public var carID: String
    /// The car's name.
    public var carName: String
    /// Its price per hour.
    public var pricePerHour: Int
    /// How long, in hours.
    public var hours: Int = 1
    /// In how many hours it starts (0: now).
    public var startsInHours: Int = 0
    /// The booking's code once confirmed.
    public var confirmationCode: String?
    /// When it would run, in words (`now to Sun 15:20`), as of the last change.
    public var period = ""

    /// Creates a draft for a car, of one hour unless `hours` says.
    public init(carID: String, carName: String, pricePerHour: Int, hours: Int = 1) {
        self.carID = carID
        self.carName = carName
        self.pricePerHour = pricePerHour
        self.hours = hours
    }

    /// The price of the booking.
    public var total: Int { pricePerHour * hours }
}
