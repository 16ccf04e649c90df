import ArgumentParser
import FlowManifest
import FlowShellKit
import FlowShellRuntime
import FlowShellTerminal
import Foundation
import LineEditor

/// The entry point of a shell built on FlowShell: its executable's `main.swift` calls
/// ``main(identity:modules:)`` with who it is and the feature modules linked into it.
///
/// ```swift
/// import FlowShell
///
/// await FlowShellMain.main(identity: ShellIdentity(name: "hello", version: "1.0.0",
///                                                  abstract: "Says hello.", defaultFlow: helloFlow),
///                          modules: [FeatureModule(name: "Greeting", screens: [GreetingScreen.self])])
/// ```
public enum FlowShellMain {
    /// Parses the command line, runs the chosen command and ends the process with its status.
    /// `database` opens what `--database URL` (or `FLOWSHELL_DATABASE`) names, where the program
    /// links a database's client (FlowShellPostgres's `PostgresDriver`); without one the shell
    /// keeps its records in its data folder and refuses `--database` in words.
    @MainActor
    public static func main(identity: ShellIdentity, modules: [FeatureModule], database: (any DatabaseDriver)? = nil) async -> Never {
        ShellIdentity.running = identity
        let arguments = Array(CommandLine.arguments.dropFirst())
        if arguments == ["--help"] || arguments == ["-h"] || arguments == ["help"] {
            print(rootHelp(name: identity.name))
            exit(0)
        }
        if arguments == ["--generate-manual"] {
            do {
                print(
                    ManualPage(identity: identity, modules: modules, commandLine: try DumpedCommandLine.of(FlowShellCommand.self)).text,
                    terminator: "")
                exit(0)
            } catch {
                FileHandle.standardError.write(Data("error: cannot describe the command line: \(error)\n".utf8))
                exit(1)
            }
        }
        if arguments.count == 2, arguments[0] == "--generate-completion-script", let shell = CompletionShell(rawValue: arguments[1]) {
            print(CompletedCommandLine.completionScript(for: shell))
            exit(0)
        }
        if let first = arguments.first, !first.hasPrefix("-"), !subcommandNames.contains(first) {
            let hint = EditDistance.closest(to: first, among: subcommandNames).map { " — did you mean '\($0)'?" } ?? ""
            FileHandle.standardError.write(
                Data(
                    "error: '\(first)' is not a \(identity.name) command\(hint)\ncommands: \(subcommandNames.joined(separator: ", ")) (run is the default; \(identity.name) --help says more)\n"
                        .utf8))
            exit(ExitCode.validationFailure.rawValue)
        }
        do {
            var command = try FlowShellCommand.parseAsRoot(arguments)
            if let run = command as? RunCommand {
                leave(
                    with: await run.execute(
                        identity: identity, features: modules, environment: ProcessInfo.processInfo.environment, database: database))
            }
            if let command = command as? any FeatureCommand {
                leave(with: await command.execute(identity: identity, features: modules, environment: ProcessInfo.processInfo.environment))
            }
            try command.run()
            exit(0)
        } catch {
            FlowShellCommand.exit(withError: error)
        }
    }

    /// Ends the process with `status`. Its folder watches are handed to a process that closes
    /// them after this one has ended: their close waits for the kernel (tens of milliseconds),
    /// which a person quitting at the prompt would otherwise wait for too.
    private static func leave(with status: Int32) -> Never {
        if let descriptor = FolderWatcher.shared.endForExit() {
            Platform.closeAfterExit(descriptor)
        }
        exit(status)
    }

    /// The subcommands' names, and `help`.
    static let subcommandNames = FlowShellCommand.configuration.subcommands.compactMap { $0.configuration.commandName } + ["help"]

    /// The root's help, followed by the options of `run`, the default command: what a person
    /// typing `NAME --help` is after.
    static func rootHelp(name: String) -> String {
        let run = RunCommand.helpMessage(columns: nil)
        let options = run.range(of: "OPTIONS:").map { String(run[$0.upperBound...]) } ?? ""
        return FlowShellCommand.helpMessage(columns: nil).trimmingCharacters(in: .newlines)
            + "\n\nOPTIONS OF run (what \(name) does with no command):" + options
    }
}
