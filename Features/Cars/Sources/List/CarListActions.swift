/// What the car list's commands ask of its feature.
@MainActor
protocol CarListActions: AnyObject {
    func select(carID: String) throws
    func filter(by text: String)
    func sort(by order: CarSortOrder)
    func refresh() async throws
    func showOperators()
    func showAccount()
    func showBookings()
}
