import ArgumentParser
import FlowShellKit
import FlowShellRuntime

/// `NAME serve [--ssh] [--config PATH] [--port N] [--host ADDR] …`: the flow in a browser, over
/// SSH, or both. The server is a program of its own, `NAME-serve` beside this one, run with the
/// same arguments (as git runs `git-NAME`), so that the terminal's program carries no server.
struct ServeCommand: FeatureCommand {
    static var configuration: CommandConfiguration {
        let name = ShellIdentity.running.name
        return CommandConfiguration(
            commandName: "serve",
            abstract:
                "Serve the flow to a browser, each tab a session of its own, or over SSH (--ssh), each login one (runs \(name)-serve, whose --help says more).",
            discussion:
                "Options: --config PATH, --port N (default 8421; 0 picks a free one), --host ADDR (default 127.0.0.1), --data-dir PATH, --allow-plugins, --new-token, --mcp (agents at /mcp too); "
                + "--ssh, --ssh-port N (default 2222), --authorized-keys FILE, --ssh-idle-timeout SECONDS, --ssh-login-timeout SECONDS; --web with --ssh serves both."
        )
    }

    @ArgumentParser.Argument(parsing: .captureForPassthrough, help: "The options of the server.")
    var arguments: [String] = []

    @MainActor
    func execute(identity: ShellIdentity, features: [FeatureModule], environment: [String: String]) async -> Int32 {
        ServerProgram.exec(identity: identity, command: "serve", arguments: arguments)
    }
}
