/// What the bookings screen's commands ask of its feature.
@MainActor
protocol BookingListActions: AnyObject {
    func cancel(code: String) async throws
    func refresh() async throws
}
