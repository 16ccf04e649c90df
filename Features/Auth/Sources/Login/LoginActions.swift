/// What the sign-in screen's commands ask of its feature.
@MainActor
protocol LoginActions: AnyObject {
    func login(as name: String) throws
    func cancel()
}
