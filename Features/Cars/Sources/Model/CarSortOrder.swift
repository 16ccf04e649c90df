import Fleet

/// How the car list is ordered.
public enum CarSortOrder: String, Sendable, CaseIterable {
    /// Cheapest first.
    case price
    /// Nearest first.
    case distance
    /// Alphabetically by name.
    case name

    /// Orders cars by this key, then by id so that ties are stable.
    func sorted(_ cars: [Car]) -> [Car] {
        cars.sorted { lhs, rhs in
            switch self {
            case .price where lhs.pricePerHour != rhs.pricePerHour:
                return lhs.pricePerHour < rhs.pricePerHour
            case .distance where lhs.distanceMetres != rhs.distanceMetres:
                return lhs.distanceMetres < rhs.distanceMetres
            case .name where lhs.name != rhs.name:
                return lhs.name < rhs.name
            default:
                return lhs.id < rhs.id
            }
        }
    }
}
