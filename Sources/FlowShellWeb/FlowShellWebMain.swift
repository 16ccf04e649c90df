import FlowCoordinator
import FlowShellKit
import FlowShellRuntime
import Foundation

/// The entry point of a shell's browser program (`flowshell serve`): the same flow as at the
/// terminal, each browser tab a session of its own. A shell built on FlowShell gets one with an
/// executable whose `main.swift` is
///
/// ```swift
/// import FlowShellWeb
///
/// await FlowShellWebMain.serve(identity: myIdentity, modules: linkedFeatureModules)
/// ```
public enum FlowShellWebMain {
    /// Parses `arguments` (the options of `serve`), checks the flow, prints the address with
    /// its token, and serves until SIGINT or SIGTERM; ends the process with its status.
    @MainActor
    public static func serve(identity: ShellIdentity, modules: [FeatureModule],
                             arguments: [String] = Array(CommandLine.arguments.dropFirst())) async -> Never {
        ServeCommandLine.name = identity.name
        let options: ServeOptions
        do {
            options = try ServeCommandLine.parse(arguments).options
        } catch {
            ServeCommandLine.exit(withError: error)
        }
        exit(await serve(identity: identity, modules: modules, options: options))
    }

    @MainActor
    private static func serve(identity: ShellIdentity, modules: [FeatureModule], options: ServeOptions) async -> Int32 {
        let environment = ProcessInfo.processInfo.environment
        let paths = StatePaths(folder: identity.folder, environment: environment)
        let trust = PluginTrust(paths: paths, shellName: identity.name, environment: environment, allowsThisRun: options.allowPlugins)
        let source = ConfigSource.resolve(explicitPath: options.config, builtIn: identity.defaultFlow)
        let dataDir = options.dataDir
        guard let bounds = ServingBounds(descriptorLimit: DescriptorLimit.raised()) else {
            writeError("error: this process may open too few files to serve (ulimit -n); raise the limit")
            return 1
        }
        if let warning = bounds.warning { writeError(warning) }
        let sessions = WebSessions(source: source, modules: modules, title: identity.title, maximumOpen: bounds.tabs,
                                   dataDirectory: { app in dataDir ?? paths.dataDirectory(app: app) },
                                   stateDirectory: { app in paths.directory(app: app) },
                                   plugins: { PluginLoader(purpose: .running, trust: trust, paths: paths) })
        // A watch the system refuses (the screens follow the data folder) is said once, here.
        FolderWatcher.shared.reportRefusals { writeError("warning: \($0)") }
        do {
            for warning in try await sessions.check() {
                writeError(warning)
            }
        } catch {
            error.messages.forEach(writeError)
            return error.status
        }
        // Kept from one start to the next, so that a restart lets every tab back in.
        let kept = ServerToken.load(folder: sessions.app.flatMap { paths.directory(app: $0) }, renew: options.newToken)
        if let warning = kept.warning { writeError(warning) }
        let token = kept.token
        let host = options.host
        let server = WebServer(host: host, port: options.port, access: AccessGuard(token: token, boundTo: host), sessions: sessions,
                               bounds: bounds, redaction: .ofThisMachine()) { port in
            let shown = host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host
            let line = "\(identity.title) serves \(source.description) at http://\(shown):\(port)/?token=\(token)\n"
                + "Open that address in a browser; each tab is a session of its own. Ctrl-C stops the server.\n"
            FileHandle.standardOutput.write(Data(line.utf8))
        }
        do {
            try await server.run()
            return 0
        } catch {
            writeError("error: " + WebServer.describe(error, host: host, port: options.port))
            return 1
        }
    }

    private static func writeError(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }
}
