/// What the confirmation screen's commands ask of its feature.
@MainActor
protocol BookingConfirmActions: AnyObject {
    func setHours(_ hours: Int)
    func setStart(inHours hours: Int)
    func confirm() async throws
    func cancel()
}
