import ArgumentParser
import FlowCoordinator
import FlowManifest
import FlowShellKit
import Foundation
import LineEditor

/// `flowshell [run] [--config PATH] [--history PATH]`: checks the flow, then runs the REPL.
struct RunCommand: FeatureCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Run the flow at the prompt (the default command)."
    )

    @OptionGroup var options: ConfigOption

    @OptionGroup var plugins: AllowPluginsOption

    @Option(name: .long, help: ArgumentHelp("The history file (default: $XDG_STATE_HOME/flowshell/<app>/history).", valueName: "PATH"))
    var history: String?

    @Flag(name: .long, help: "Keep no history file.")
    var noHistory = false

    @Option(help: "Colour and text attributes: auto (on a terminal, unless NO_COLOR is set or TERM is dumb), always or never.")
    var color: ColourPolicy = .auto

    @Option(help: "text for people, or json: one JSON line per screen update on stdout and per error on stderr.")
    var output: OutputFormat = .text

    @Option(name: .long, help: ArgumentHelp("Open a deep link at start, such as /cars/rio.", valueName: "LINK"))
    var open: String?

    @Option(name: .long, help: ArgumentHelp("The file that keeps where you were (default: $XDG_STATE_HOME/flowshell/<app>/navigation.json).", valueName: "PATH"))
    var state: String?

    @Flag(name: .long, help: "Start at the root, ignoring where you were last time.")
    var fresh = false

    @Flag(name: .long, help: "In a script (stdin not a terminal), restore and save where you were, as at the prompt.")
    var restore = false

    @Option(name: .long, help: ArgumentHelp("Run the commands in FILE instead of reading stdin, stopping at the first error.", valueName: "FILE"))
    var script: String?

    /// The clock fixed at these seconds since 1970: what a recording notes and its replay sets.
    @Option(name: .long, help: .hidden)
    var clock: Double?

    @Flag(name: .long, help: "With --script, go on after a command fails (piped commands always go on).")
    var keepGoing = false

    @Option(name: .long, help: ArgumentHelp("The folder for the app's data: bookings and settings (default: $XDG_DATA_HOME/flowshell/<app>).", valueName: "PATH"))
    var dataDir: String?

    @Option(name: .long, help: ArgumentHelp("Record what is typed and what each screen becomes, for flowshell replay.", valueName: "FILE"))
    var record: String?

    /// The options as plain values.
    var runOptions: RunOptions {
        RunOptions(config: options.config, history: history, noHistory: noHistory, color: color, output: output,
                   open: open, state: state, fresh: fresh, restore: restore, script: script, clock: clock,
                   keepGoing: keepGoing, dataDir: dataDir, record: record, allowPlugins: plugins.allowPlugins)
    }

    /// Runs the shell with the linked feature modules; returns the process's exit status.
    @MainActor
    func execute(features: [FeatureModule], environment: [String: String]) async -> Int32 {
        await ShellLauncher(options: runOptions, features: features, environment: environment).run()
    }
}
