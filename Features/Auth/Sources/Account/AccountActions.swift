/// What the account screen's commands ask of its feature.
@MainActor
protocol AccountActions: AnyObject {
    func logout() throws
}
