/// What `flowshell run` was asked to do: its options as plain values, read by ArgumentParser
/// (``RunCommand``) or, for the plain command lines a shell is usually started with, directly
/// (``init(plainArguments:)``). ``ShellLauncher`` reads only this.
struct RunOptions: Equatable {
    /// `--config PATH`.
    var config: String?
    /// `--history PATH`.
    var history: String?
    /// `--no-history`.
    var noHistory = false
    /// `--color`.
    var color: ColourPolicy = .auto
    /// `--output`.
    var output: OutputFormat = .text
    /// `--open LINK`.
    var open: String?
    /// `--state PATH`.
    var state: String?
    /// `--fresh`.
    var fresh = false
    /// `--restore`.
    var restore = false
    /// `--script FILE`.
    var script: String?
    /// `--clock SECONDS` (hidden: what a recording notes and its replay sets).
    var clock: Double?
    /// `--keep-going`.
    var keepGoing = false
    /// `--data-dir PATH`.
    var dataDir: String?
    /// `--record FILE`.
    var record: String?
    /// `--allow-plugins`.
    var allowPlugins = false

    /// Where the flow is read from.
    var source: ConfigSource { ConfigSource.resolve(explicitPath: config) }
}
