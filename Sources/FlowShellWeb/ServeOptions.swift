import ArgumentParser
import Synchronization

/// The command line of `NAME serve` (which runs `NAME-serve`), named so in its help and errors.
struct ServeCommandLine: ParsableCommand {
    /// The shell's name, set before the command line is read: ArgumentParser asks a command
    /// for its name through a static property.
    static var name: String {
        get { servedName.withLock { $0 } }
        set { servedName.withLock { $0 = newValue } }
    }

    static var configuration: CommandConfiguration {
        CommandConfiguration(commandName: "\(name) serve",
                             abstract: "Serve the flow to a browser, each tab a session of its own.")
    }

    @OptionGroup var options: ServeOptions
}

private let servedName = Mutex("flowshell")

/// The options of `serve`.
struct ServeOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("The flow config to serve (default: ./config.json, else the built-in flow).", valueName: "path"))
    var config: String?

    @Option(name: .long, help: ArgumentHelp("The port to listen on; 0 picks a free one (the address printed says which).", valueName: "n"))
    var port: Int = 8421

    @Option(name: .long, help: ArgumentHelp("The address to listen on. Only this machine can reach the default; 0.0.0.0 lets others on the network in, with the token.", valueName: "addr"))
    var host: String = "127.0.0.1"

    @Option(name: .long, help: ArgumentHelp("Keep the app's data (its databases) in this folder.", valueName: "path"))
    var dataDir: String?

    @Flag(name: .long, help: "Start the config's plugins in this run even though it is not trusted (see the trust command); so does FLOWSHELL_ALLOW_PLUGINS=1.")
    var allowPlugins = false

    @Flag(name: .long, help: "Make a new token (the printed address changes): every page let in before must open the new address. Without it, the token is kept in the app's state folder from one start to the next.")
    var newToken = false

    mutating func validate() throws {
        guard (0...65535).contains(port) else {
            throw ValidationError("--port takes a number from 0 to 65535, not \(port)")
        }
        guard !host.isEmpty else { throw ValidationError("--host needs an address, such as 127.0.0.1") }
    }
}
