import FlowShellKit

/// Which operator's cars to list: the payload of choosing an operator, and the car list's
/// input (absent: every operator's cars).
public struct OperatorFilter: ScreenValue {
    /// The operator's name (`GreenGo`).
    public var `operator`: String?

    /// Narrows a list to one operator, or to none.
    public init(operator: String? = nil) {
        self.operator = `operator`
    }
}
