/// What the confirmation screen's commands ask of its feature.
@MainActor
protocol BookingConfirmActions: AnyObject {
    func setHours(_ hours: Int)
    func confirm() throws
    func cancel()
}
