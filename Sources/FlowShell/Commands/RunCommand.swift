import ArgumentParser
import FlowShellCommandLine
import FlowCoordinator
import FlowManifest
import FlowShellKit
import FlowShellRuntime
import FlowShellTerminal
import Foundation
import LineEditor

/// `NAME [run] [--config PATH] ...`: checks the flow, then runs the REPL. Its options are
/// declared here once; ``ShellLauncher`` reads them from this command.
struct RunCommand: FeatureCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Run the flow at the prompt (the default command).",
        discussion: "Files: \(files)\n\nExit status: \(exitStatuses)"
    )

    /// Where the app's files are kept, as `help run` and the manual page say it.
    static let files = """
        the history and where you were are kept in the app's state folder, \
        $XDG_STATE_HOME/NAME/APP (else ~/.local/state/NAME/APP); the data of its modules (their databases and settings) in its data folder, \
        $XDG_DATA_HOME/NAME/APP (else ~/.local/share/NAME/APP), where NAME is the shell's name and APP the flow's "app".
        """

    /// The exit statuses of running the flow, as `help run` and the manual page say them.
    static let exitStatuses = """
        the STATUS of quit STATUS when one was given; otherwise 0 at the prompt, and for a script \
        or piped input when no command failed; 1 when a command of a script or of piped input failed, or the app \
        could not start (its services, its root screen, the line editor); 2 when the config has errors or cannot \
        be read, or the script or the recording file cannot be used; 130 when Ctrl-C stopped a --script; \
        128+N when signal N (SIGTERM, SIGHUP) ended it.
        """

    @OptionGroup var flow: ConfigOption

    @OptionGroup var plugins: AllowPluginsOption

    @Option(
        name: .long, help: ArgumentHelp("The history file (default: history in the app's state folder).", valueName: "PATH"),
        completion: .file())
    var history: String?

    @Flag(name: .long, help: "Keep no history file.")
    var noHistory = false

    @Option(
        help: ArgumentHelp(
            "When to use colour and text attributes (auto: on a terminal, unless NO_COLOR is set or TERM is dumb).",
            valueName: "WHEN"))
    var color: ColourPolicy = .auto

    @Option(
        help: ArgumentHelp(
            "Who reads the output: text for people, json for programs (a JSON line per screen update on stdout, per error on stderr).",
            valueName: "FORMAT"))
    var output: OutputFormat = .text

    @Option(name: .long, help: ArgumentHelp("Open one of the flow's deep links at start, as open LINK does.", valueName: "LINK"))
    var open: String?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "The file that keeps where you were (default: navigation.json in the app's state folder).",
            valueName: "PATH"),
        completion: .file(extensions: ["json"]))
    var state: String?

    @Flag(name: .long, help: "Start at the root, ignoring where you were last time.")
    var fresh = false

    @Flag(name: .long, help: "In a script (stdin not a terminal), restore and save where you were, as at the prompt.")
    var restore = false

    @Option(
        name: .long,
        help: ArgumentHelp("Run the commands in FILE instead of reading stdin, stopping at the first error.", valueName: "FILE"),
        completion: .file())
    var script: String?

    /// The session's clock starts at these seconds since 1970 (and runs on): what a recording
    /// notes, and what tests start a session at.
    @Option(name: .long, help: .hidden)
    var clock: Double?

    /// How many seconds of the session's clock pass in one real second (with `--clock` or
    /// `--record`): a test sees an hour of a screen's life in seconds.
    @Option(name: .long, help: .hidden)
    var clockRate: Double?

    @Flag(name: .long, help: "With --script, go on after a command fails (piped commands always go on).")
    var keepGoing = false

    @Option(
        name: .long,
        help: ArgumentHelp(
            "The folder for the app's data: its modules' databases and settings (default: the app's data folder).", valueName: "PATH"),
        completion: .directory)
    var dataDir: String?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Keep the records the app's modules share in PostgreSQL (postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE), the ones `serve --database` serves; so does FLOWSHELL_DATABASE. Default: the app's data folder.",
            valueName: "url"))
    var database: String?

    @Option(
        name: .long, help: ArgumentHelp("Record what is typed and what each screen becomes, for replay.", valueName: "FILE"),
        completion: .file(extensions: ["jsonl"]))
    var record: String?

    /// `--config`.
    var config: String? { flow.config }

    /// Runs the shell with the linked feature modules; returns the process's exit status.
    @MainActor
    func execute(identity: ShellIdentity, features: [FeatureModule], environment: [String: String]) async -> Int32 {
        await execute(identity: identity, features: features, environment: environment, database: nil)
    }

    /// Runs the shell, its records in the database `--database` names when `database` opens it.
    @MainActor
    func execute(
        identity: ShellIdentity, features: [FeatureModule], environment: [String: String], database: (any DatabaseDriver)?
    ) async -> Int32 {
        await ShellLauncher(identity: identity, options: self, features: features, environment: environment, database: database).run()
    }
}
