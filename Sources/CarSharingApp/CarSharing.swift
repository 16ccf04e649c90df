import FlowShellRuntime

/// The car-sharing demo: a shell built on FlowShell like any other, with the features under
/// `Features/` (Auth, Booking, Cars) and their flow.
public enum CarSharing {
    /// Who the demo is: `flowshell`, keeping its files under `…/flowshell/carsharing`.
    public static let identity = ShellIdentity(
        name: "flowshell",
        version: "0.1.0",
        title: "FlowShell",
        abstract: "An interactive shell whose screens are feature modules and whose navigation is the flow in config.json.",
        defaultFlow: CarSharingFlow.json
    )
}
