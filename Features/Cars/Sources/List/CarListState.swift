import Fleet

/// What the car list shows: every car, the text filter and the order.
public struct CarListState: Sendable, Equatable {
    /// Every car of every operator.
    public var cars: [Car] { didSet { if cars != oldValue { list() } } }
    /// Only cars whose name, id or operator contains this (case-insensitive); empty: all.
    public var filter: String { didSet { if filter != oldValue { select() } } }
    /// The order of the list.
    public var order: CarSortOrder { didSet { if order != oldValue { select() } } }
    /// How far a refresh has come while it runs (`1 of 3 operators answered`); nil otherwise.
    public var refreshing: String?
    /// The cars' bookings, as last read.
    public var schedule = CarSchedule.free
    /// Only this operator's cars, when the list was opened for one.
    public var operatorName: String? { didSet { if operatorName != oldValue { list() } } }
    /// The cars this list is about: all of them, or one operator's.
    public private(set) var listedCars: [Car] = []
    /// The cars to show, filtered and ordered: kept with the state, since both rendering and
    /// the `select` command's values read them.
    public private(set) var visibleCars: [Car] = []
    /// What the filter looks in, for each of `listedCars`.
    private var searchTexts: [[UInt8]] = []

    /// The list of `cars` as first shown: unfiltered and by price unless told, over every operator
    /// (`operatorName` nil) or one.
    public init(cars: [Car], filter: String = "", order: CarSortOrder = .price, operatorName: String? = nil) {
        self.cars = cars
        self.filter = filter
        self.order = order
        self.operatorName = operatorName
        list()
    }

    /// Works out the listed cars again, then the visible ones.
    private mutating func list() {
        listedCars = operatorName.map { name in cars.filter { $0.manager == name } } ?? cars
        searchTexts = listedCars.map(Self.searchText)
        select()
    }

    /// Works out the visible cars again.
    private mutating func select() {
        let needle = Array(filter.lowercased().utf8)
        let matching =
            needle.isEmpty ? listedCars : listedCars.indices.filter { Self.contains(searchTexts[$0], needle) }.map { listedCars[$0] }
        visibleCars = order.sorted(matching)
    }

    /// What the filter looks in: the car's name, id and operator, lowercased, one per line (a
    /// filter is one line, so it never matches across two).
    private static func searchText(of car: Car) -> [UInt8] {
        Array("\(car.name)\n\(car.id)\n\(car.manager)".lowercased().utf8)
    }

    /// Whether `needle` occurs in `haystack`, compared as UTF-8 bytes: the same answer as
    /// `String.contains` for text lowercased alike. By hand because the `filter` row of
    /// `make bench` keeps within its goal only so (`String.contains` was measured against it).
    private static func contains(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool {
        guard needle.count <= haystack.count else { return false }
        return (0...(haystack.count - needle.count)).contains { start in
            haystack[start..<(start + needle.count)].elementsEqual(needle)
        }
    }
}
