/// What the operators screen's commands ask of its feature.
@MainActor
protocol OperatorListActions: AnyObject {
    func choose(_ name: String) throws
}
