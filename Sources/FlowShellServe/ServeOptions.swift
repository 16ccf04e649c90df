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
        CommandConfiguration(
            commandName: "\(name) serve",
            abstract: "Serve the flow to browsers, each tab a session of its own, or over SSH (--ssh), each login one.",
            // Written out: with every option, the line is too long for ArgumentParser, which
            // would then say only `<options>`.
            usage: "\(name) serve [--config <path>] [--web] [--port <n>] [--mcp] [--ssh] [<options>]")
    }

    @OptionGroup var options: ServeOptions
}

private let servedName = Mutex("flowshell")

/// The options of `serve`: the browser's server, SSH's, or both in one process.
struct ServeOptions: ParsableArguments {
    /// The flow, its data and its plugins, which `mcp` takes too.
    @OptionGroup var flow: ServedFlowOptions

    @Flag(name: .long, help: "Serve the flow to browsers (the default when --ssh is not given; with --ssh, both serve in one process).")
    var web = false

    @Option(name: .long, help: ArgumentHelp("The browser's port; 0 picks a free one (the address printed says which).", valueName: "n"))
    var port: Int?

    @Flag(
        name: .long,
        help:
            "Serve the flow to agents too, over MCP at /mcp on the browser's server and port, behind its token (flowshell mcp serves one agent on stdin and stdout)."
    )
    var mcp = false

    @Flag(
        name: .long,
        help: "Serve the flow over SSH: each login a session of its own on a terminal, for the keys in the authorized-keys file.")
    var ssh = false

    @Option(
        name: .customLong("ssh-port"),
        help: ArgumentHelp("The SSH server's port (default 2222); 0 picks a free one (the line printed says which).", valueName: "n"))
    var sshPort: Int?

    @Option(
        name: .customLong("authorized-keys"),
        help: ArgumentHelp(
            "Who may log in over SSH: public keys in OpenSSH's format, each line naming its user (default: authorized_keys in the shell's config folder).",
            valueName: "file"))
    var authorizedKeys: String?

    @Option(
        name: .customLong("ssh-idle-timeout"),
        help: ArgumentHelp(
            "Seconds an SSH session may go without a key pressed before it ends (default 1800; 0: never).", valueName: "seconds"))
    var sshIdleTimeout: Int?

    @Option(
        name: .customLong("ssh-login-timeout"),
        help: ArgumentHelp(
            "Seconds an SSH connection has to log in and open a session before it is closed (default 30).", valueName: "seconds"))
    var sshLoginTimeout: Int?

    @Flag(
        name: .customLong("ssh-start-at-root"),
        help: "Start every SSH login at the flow's first screen, with no history, rather than where its user's last session was.")
    var sshStartAtRoot = false

    @Option(
        name: .long,
        help: ArgumentHelp(
            "The address to listen on. Only this machine can reach the default; 0.0.0.0 lets others on the network in (with the token, or a listed key).",
            valueName: "addr"))
    var host: String = "127.0.0.1"

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Keep what the servers of this flow share — where each session is, the token — in PostgreSQL (postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE), so that any server resumes any session; so does FLOWSHELL_DATABASE. Default: the app's data folder.",
            valueName: "url"))
    var database: String?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Add each line any session runs (browser, SSH, agents) to this file: one JSON record a line, with when, the front end, the session, the user and whether it failed.",
            valueName: "file"))
    var auditLog: String?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "With --mcp, record each agent session into this folder, one file per session, for flowshell replay to show what the agent did.",
            valueName: "folder"))
    var recordAgents: String?

    @Flag(
        name: .long,
        help:
            "Make a new token (the printed address changes): every page let in before must open the new address. Without it, the token is kept in the app's state folder from one start to the next."
    )
    var newToken = false

    /// The browser's port when none is given.
    static let defaultPort = 8421
    /// SSH's port when none is given.
    static let defaultSSHPort = 2222
    /// Seconds without a key before an SSH session ends, when not given.
    static let defaultIdleTimeout = 1800
    /// Seconds to log in, when not given.
    static let defaultLoginTimeout = 30

    /// Whether the browser's server runs: asked for, or nothing else was.
    var servesWeb: Bool { web || !ssh }

    mutating func validate() throws {
        for (name, value) in [("--port", port), ("--ssh-port", sshPort)] {
            if let value, !(0...65535).contains(value) {
                throw ValidationError("\(name) takes a number from 0 to 65535, not \(value)")
            }
        }
        if let port, !servesWeb {
            throw ValidationError(
                "--port \(port) is the browser's port, and only SSH serves; its port is --ssh-port (add --web to serve browsers too)")
        }
        if recordAgents != nil, !mcp {
            throw ValidationError("--record-agents records the agents' sessions, which only --mcp serves")
        }
        if mcp, !servesWeb {
            throw ValidationError("--mcp serves agents on the browser's server, and only SSH serves (add --web to serve both)")
        }
        if newToken, !servesWeb {
            throw ValidationError("--new-token is the browser's token, and only SSH serves (add --web to serve browsers too)")
        }
        if !ssh, sshPort != nil || authorizedKeys != nil || sshIdleTimeout != nil || sshLoginTimeout != nil || sshStartAtRoot {
            throw ValidationError(
                "--ssh-port, --authorized-keys, --ssh-idle-timeout, --ssh-login-timeout and --ssh-start-at-root are for SSH: add --ssh")
        }
        if let sshIdleTimeout, sshIdleTimeout < 0 {
            throw ValidationError("--ssh-idle-timeout takes a number of seconds, 0 or more, not \(sshIdleTimeout)")
        }
        if let sshLoginTimeout, sshLoginTimeout <= 0 {
            throw ValidationError("--ssh-login-timeout takes a number of seconds above 0, not \(sshLoginTimeout)")
        }
        guard !host.isEmpty else { throw ValidationError("--host needs an address, such as 127.0.0.1") }
    }
}
