import FlowShellKit

/// A hosted screen's state, whatever its screen's type: what a harness keeps to check the next
/// state against.
@MainActor
protocol StateReporting {
    var reportedState: Any { get }
}

extension ScreenHost: StateReporting {
    var reportedState: Any { state }
}
