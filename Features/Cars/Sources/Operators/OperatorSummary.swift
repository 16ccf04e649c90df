import Fleet

/// One operator as the operators screen lists it.
public struct OperatorSummary: Sendable, Equatable {
    /// The operator's name.
    public var name: String
    /// How many cars it offers now.
    public var carCount: Int
    /// Its cheapest price per hour.
    public var lowestPrice: Int

    /// Summarises the operators of a list of cars, sorted by name.
    public static func summaries(of cars: [Car]) -> [OperatorSummary] {
        Dictionary(grouping: cars, by: \.manager).map { name, cars in
            OperatorSummary(name: name, carCount: cars.count, lowestPrice: cars.map(\.pricePerHour).min() ?? 0)
        }.sorted { $0.name < $1.name }
    }
}
