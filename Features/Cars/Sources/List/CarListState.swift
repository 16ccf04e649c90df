import Fleet

/// What the car list shows: every car, the text filter and the order.
public struct CarListState: Sendable, Equatable {
    /// Every car of every operator.
    public var cars: [Car] { didSet { if cars != oldValue { select() } } }
    /// Only cars whose name, id or operator contains this (case-insensitive); empty: all.
    public var filter: String { didSet { if filter != oldValue { select() } } }
    /// The order of the list.
    public var order: CarSortOrder { didSet { if order != oldValue { select() } } }
    /// Only this operator's cars, when the list was opened for one.
    public var operatorName: String? { didSet { if operatorName != oldValue { select() } } }
    /// The cars this list is about: all of them, or one operator's.
    public private(set) var listedCars: [Car] = []
    /// The cars to show, filtered and ordered: kept with the state, since both rendering and
    /// the `select` command's values read them.
    public private(set) var visibleCars: [Car] = []

    /// Creates the state for a fleet.
    public init(cars: [Car], filter: String = "", order: CarSortOrder = .price, operatorName: String? = nil) {
        self.cars = cars
        self.filter = filter
        self.order = order
        self.operatorName = operatorName
        select()
    }

    /// Works out the listed and the visible cars again.
    private mutating func select() {
        listedCars = operatorName.map { name in cars.filter { $0.manager == name } } ?? cars
        let needle = Array(filter.lowercased().utf8)
        // Compared as UTF-8 bytes: the same answer for text lowercased alike, at a fraction of
        // the cost of Foundation's `contains` (which bridges through NSString) or the standard
        // library's generic `firstRange(of:)`.
        func matches(_ text: String) -> Bool {
            let haystack = Array(text.lowercased().utf8)
            guard needle.count <= haystack.count else { return false }
            return (0...(haystack.count - needle.count)).contains { start in
                haystack[start..<(start + needle.count)].elementsEqual(needle)
            }
        }
        let matching = needle.isEmpty ? listedCars : listedCars.filter {
            matches($0.name) || matches($0.id) || matches($0.manager)
        }
        visibleCars = order.sorted(matching)
    }
}
