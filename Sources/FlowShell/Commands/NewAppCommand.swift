import ArgumentParser
import FlowShellKit
import FlowShellRuntime
import FlowShellTerminal
import Foundation

/// `NAME new app APP [--path DIR] [--flowshell PATH | --url URL [--from VERSION]]`: a shell of
/// one's own, as a package that depends on FlowShell.
struct NewAppCommand: FeatureCommand {
    static let configuration = CommandConfiguration(
        commandName: "app",
        abstract: "Create APP: a package for a shell of your own on FlowShell, with one feature, its test, a config and a README.",
        discussion: """
            The package depends on FlowShell by path (--flowshell, by default the checkout this binary was built from) \
            or, with --url, by Git URL and version.
            """
    )

    @ArgumentParser.Argument(help: ArgumentHelp("The shell's command name, in lowercase (greeter, my-shell).", valueName: "APP"))
    var name: String

    @Option(help: ArgumentHelp("The folder to create APP in (default: the current one).", valueName: "DIR"), completion: .directory)
    var path: String?

    @Option(
        help: ArgumentHelp("The FlowShell checkout to depend on (default: the one this binary was built from).", valueName: "PATH"),
        completion: .directory)
    var flowshell: String?

    @Option(help: ArgumentHelp("Depend on FlowShell by this Git URL instead of a path.", valueName: "URL"))
    var url: String?

    @Option(
        help: ArgumentHelp("With --url, the lowest FlowShell version to accept (default: this binary's FlowShell's).", valueName: "VERSION")
    )
    var from: String?

    @MainActor
    func execute(identity: ShellIdentity, features: [FeatureModule], environment: [String: String]) async -> Int32 {
        let current = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        let dependency: AppScaffold.Dependency
        if let url {
            guard flowshell == nil else { return refuse("give --flowshell PATH or --url URL, not both") }
            dependency = .url(url, from: from ?? FlowShellVersion.current)
        } else {
            guard from == nil else { return refuse("--from goes with --url") }
            guard
                let checkout = flowshell.map({ URL(fileURLWithPath: $0, relativeTo: current).standardizedFileURL })
                    ?? AppScaffold.builtFromCheckout
            else {
                return refuse("this binary's FlowShell checkout is gone; name one with --flowshell PATH, or use --url URL")
            }
            guard FileManager.default.fileExists(atPath: checkout.appendingPathComponent("Package.swift").path) else {
                return refuse("\(checkout.path) is not a FlowShell checkout (it has no Package.swift)")
            }
            dependency = .path(checkout)
        }
        let parent = path.map { URL(fileURLWithPath: $0, relativeTo: current).standardizedFileURL } ?? current
        let scaffold = AppScaffold(name: name, parentFolder: parent, dependency: dependency)
        do {
            let created = try scaffold.create()
            print("Created \(scaffold.folder.path):")
            for file in created { print("  \(file)") }
            // The terminal's program first: the server's stack (web and SSH) is most of a first build.
            print("Next: cd \(scaffold.folder.path) && swift build --product \(name) && .build/debug/\(name)")
            print("  (about 4 minutes the first time; swift build --product \(name)-serve adds \(name) serve, for a browser or SSH)")
            return 0
        } catch {
            return refuse(error.message)
        }
    }

    private func refuse(_ message: String) -> Int32 {
        FileHandle.standardError.write(Data("error: \(message)\n".utf8))
        return 2
    }
}
