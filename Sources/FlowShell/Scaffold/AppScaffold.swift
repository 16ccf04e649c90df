import FlowShellRuntime
import FlowShellTerminal
import Foundation

/// Writes a new shell of one's own, a Swift package that depends on FlowShell: its identity and
/// modules, its two programs (the terminal's, and the server's that `NAME serve` runs), one
/// feature module with a working screen and its test, a config and a README. `swift build` in
/// it gives a binary that starts on its own flow, keeps its files under its own name, says its
/// own name and version, and serves its flow to a browser or over SSH.
struct AppScaffold {
    /// Why nothing was created.
    struct Refusal: Error, Equatable {
        var message: String
    }

    /// Where the new package finds FlowShell.
    enum Dependency: Equatable {
        /// A checkout on disk, written into Package.swift relative to the new package.
        case path(URL)
        /// A Git URL and the lowest version to accept.
        case url(String, from: String)
    }

    /// The command's name (`greeter`): lowercase letters, digits and hyphens.
    let name: String
    /// The folder the package's folder is made in.
    let parentFolder: URL
    let dependency: Dependency

    /// The package's folder: `NAME` in the parent folder.
    var folder: URL { parentFolder.appendingPathComponent(name) }

    /// The Swift name made from the command's (`greeter` → `Greeter`, `my-shell` → `MyShell`).
    var typeName: String {
        name.split(separator: "-").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    }

    /// The feature module, named after the shell, with its one screen.
    var feature: String { typeName }
    /// The library of who the shell is (its identity, modules and built-in flow), which both
    /// its programs link.
    var shellTarget: String { "\(typeName)Shell" }
    /// The terminal's program (`NAME`) and the browser's (`NAME-serve`).
    var appTarget: String { "\(typeName)App" }
    var serveTarget: String { "\(typeName)Serve" }
    var screen: ScreenTemplate { ScreenTemplate(id: "\(typeName.prefix(1).lowercased())\(typeName.dropFirst()).home") }

    /// The FlowShell checkout this binary was built from, when it is still there: the default
    /// dependency of a new app.
    static var builtFromCheckout: URL? {
        var folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        while folder.path != "/" {
            let manifest = folder.appendingPathComponent("Package.swift")
            if let text = try? String(contentsOf: manifest, encoding: .utf8), text.contains("name: \"FlowShell\"") {
                return folder
            }
            folder.deleteLastPathComponent()
        }
        return nil
    }

    /// Checks the name and the folder, then writes the package; returns the files created,
    /// relative to the package's folder.
    func create() throws(Refusal) -> [String] {
        guard name.range(of: "^[a-z][a-z0-9]*(-[a-z0-9]+)*$", options: .regularExpression) != nil, name.count <= 40 else {
            throw Refusal(
                message: "'\(name)' is not a command name: use lowercase letters and digits, words joined by hyphens, such as greeter")
        }
        guard ([feature, shellTarget, appTarget, serveTarget]).allSatisfy({ !FeatureScaffold.engineNames.contains($0) }) else {
            throw Refusal(message: "'\(name)' would name a module after one of FlowShell's own; choose another name")
        }
        guard !FileManager.default.fileExists(atPath: folder.path) else {
            throw Refusal(message: "\(folder.path) exists already; choose another name or --path")
        }
        let files = self.files
        do {
            try ScaffoldFiles.write(files, into: folder)
        } catch {
            throw Refusal(message: "cannot write the package in \(folder.path): \(error.localizedDescription)")
        }
        return files.map(\.0)
    }

    /// Every file of the package, by path.
    var files: [(String, String)] {
        [
            ("Package.swift", manifest),
            ("README.md", readme),
            ("config.json", config),
            ("Sources/\(shellTarget)/\(shellTarget).swift", shell),
            ("Sources/\(shellTarget)/\(typeName)Flow.swift", flow),
            ("Sources/\(appTarget)/main.swift", main),
            ("Sources/\(serveTarget)/main.swift", serveMain),
            ("Features/\(feature)/Sources/\(feature)Module.swift", ScreenTemplate.module(name: feature, screens: [screen])),
            ("Features/\(feature)/Sources/\(screen.typePrefix)Screen.swift", screen.source),
            ("Features/\(feature)/Tests/\(screen.typePrefix)Tests.swift", screen.test(module: feature)),
        ]
    }

    /// Package.swift's line for the dependency, and the package's name in product references.
    private var dependencyLine: (line: String, package: String) {
        switch dependency {
        case .path(let checkout):
            return (".package(name: \"FlowShell\", path: \"\(Self.path(of: checkout, from: folder))\")", "FlowShell")
        case .url(let url, let version):
            let identity = URL(string: url)?.deletingPathExtension().lastPathComponent ?? "FlowShell"
            return (".package(url: \"\(url)\", from: \"\(version)\")", identity)
        }
    }

    /// `target` as Package.swift should name it from `base` (both absolute folders): relative
    /// (`../..`) when they share a folder below the root, so that the two can move together;
    /// else absolute.
    static func path(of target: URL, from base: URL) -> String {
        let from = base.standardizedFileURL.pathComponents
        let to = target.standardizedFileURL.pathComponents
        var common = 0
        while common < min(from.count, to.count), from[common] == to[common] { common += 1 }
        guard common > 1 else { return target.standardizedFileURL.path }
        let parts = Array(repeating: "..", count: from.count - common) + to[common...]
        return parts.isEmpty ? "." : parts.joined(separator: "/")
    }

    private var manifest: String {
        let (line, package) = dependencyLine
        return """
            // swift-tools-version: 6.1
            import PackageDescription

            // \(name): a shell built on FlowShell. Who it is — its identity, feature modules and
            // built-in flow — is in Sources/\(shellTarget), which its two programs share: \(name) at the
            // terminal (Sources/\(appTarget)) and \(name)-serve in a browser or over SSH (Sources/\(serveTarget),
            // what `\(name) serve` runs). Each feature is a folder under Features/ with its Sources and Tests.
            let features = [
                "\(feature)",
            ]

            let package = Package(
                name: "\(typeName)",
                platforms: [.macOS(.v15)],
                products: [
                    .executable(name: "\(name)", targets: ["\(appTarget)"]),
                    .executable(name: "\(name)-serve", targets: ["\(serveTarget)"]),
                ],
                dependencies: [
                    \(line),
                    // The test clock that the features' tests move on, for the work a screen does over time.
                    .package(url: "https://github.com/pointfreeco/swift-clocks", from: "1.1.1"),
                ],
                targets: [
                    .target(
                        name: "\(shellTarget)",
                        dependencies: [
                            .product(name: "FlowShellKit", package: "\(package)"),
                            .product(name: "FlowShellRuntime", package: "\(package)"),
                        ] + features.map { .target(name: $0) },
                        swiftSettings: [.swiftLanguageMode(.v6)]
                    ),
                    .executableTarget(
                        name: "\(appTarget)",
                        dependencies: [
                            "\(shellTarget)", .product(name: "FlowShell", package: "\(package)"),
                            // `--database postgres://…`: the records its servers share, at the prompt too.
                            .product(name: "FlowShellPostgres", package: "\(package)"),
                        ],
                        swiftSettings: [.swiftLanguageMode(.v6)]
                    ),
                    .executableTarget(
                        name: "\(serveTarget)",
                        dependencies: ["\(shellTarget)", .product(name: "FlowShellServe", package: "\(package)")],
                        swiftSettings: [.swiftLanguageMode(.v6)]
                    ),
                ] + features.flatMap { name -> [Target] in
                    [
                        .target(name: name, dependencies: [.product(name: "FlowShellKit", package: "\(package)")],
                                path: "Features/\\(name)/Sources", swiftSettings: [.swiftLanguageMode(.v6)]),
                        .testTarget(name: "\\(name)Tests", dependencies: [
                            .target(name: name),
                            .product(name: "FlowShellKit", package: "\(package)"),
                            .product(name: "FlowShellTesting", package: "\(package)"),
                            .product(name: "Clocks", package: "swift-clocks"),
                        ], path: "Features/\\(name)/Tests", swiftSettings: [.swiftLanguageMode(.v6)]),
                    ]
                }
            )

            """
    }

    /// The flow as JSON: the config a person edits, and the built-in flow.
    private var flowJSON: String {
        """
        {
          "app": "\(name)",
          "root": "\(screen.id)",
          "modules": ["\(feature)"],
          "transitions": [
            { "from": "\(screen.id)", "on": "finished", "to": "\(screen.id)", "style": "root" }
          ]
        }
        """
    }

    private var config: String { flowJSON + "\n" }

    private var flow: String {
        """
        /// The flow \(name) runs where there is no config.json and no --config; keep it equal
        /// to config.json, which is the one to edit while the shell runs.
        enum \(typeName)Flow {
            static let json = \"\"\"
        \(flowJSON.split(separator: "\n").map { "    " + $0 }.joined(separator: "\n"))
            \"\"\"
        }

        """
    }

    private var shell: String {
        """
        \(["import \(feature)", "import FlowShellKit", "import FlowShellRuntime"].sorted().joined(separator: "\n"))

        /// Who \(name) is and what it is made of, which its two programs share: \(name) at the terminal
        /// and \(name)-serve in a browser or over SSH.
        public enum \(shellTarget) {
            /// Its name and version (`\(name) --version`), the title of its banner, its built-in flow,
            /// and the folder of its files ($XDG_STATE_HOME/\(name), $XDG_DATA_HOME/\(name)).
            public static let identity = ShellIdentity(
                name: "\(name)",
                version: "0.1.0",
                title: "\(typeName)",
                abstract: "\(typeName): a shell built on FlowShell.",
                defaultFlow: \(typeName)Flow.json
            )

            /// Its feature modules: a new feature's goes here too (and its name in Package.swift).
            @MainActor public static let modules: [FeatureModule] = [\(feature)Module.module]
        }

        """
    }

    private var main: String {
        """
        \(["import \(shellTarget)", "import FlowShell", "import FlowShellPostgres"].sorted().joined(separator: "\n"))

        // \(name) at the terminal: the prompt, and its command line's commands (check, graph, serve, …);
        // with --database (or FLOWSHELL_DATABASE), its records in the PostgreSQL its servers share.
        await FlowShellMain.main(
            identity: \(shellTarget).identity, modules: \(shellTarget).modules, database: PostgresDriver())

        """
    }

    private var serveMain: String {
        """
        \(["import \(shellTarget)", "import FlowShellServe"].sorted().joined(separator: "\n"))

        // \(name)-serve, what `\(name) serve` runs: the flow in a browser, each tab a session of its own,
        // or over SSH (serve --ssh), each login one.
        await FlowShellServeMain.serve(identity: \(shellTarget).identity, modules: \(shellTarget).modules)

        """
    }

    private var readme: String {
        """
        # \(name)

        A shell built on FlowShell: its screens are the feature modules under `Features/`, and its
        navigation is the flow in `config.json`.

        ```sh
        swift build --product \(name)       # the terminal's program, PostgreSQL's client included (--database)
        .build/debug/\(name)                # the prompt: type help, greet, quit
        swift build --product \(name)-serve # the server: the web and SSH stack, up to a quarter of an hour the first time
        .build/debug/\(name) serve          # the same flow in a browser: open the address it prints
        .build/debug/\(name) serve --ssh    # or over SSH, for the keys in its authorized_keys
        .build/debug/\(name) mcp            # or to an agent over MCP, on stdin and stdout
        swift test                          # the features' tests
        ```

        (The first builds' times are a two-core machine's; later builds build only what changed.
        A plain `swift build` builds both programs.)

        - `Sources/\(shellTarget)/\(shellTarget).swift`: the shell's identity (name, version, title, folder)
          and its feature modules; `\(typeName)Flow.swift` is the flow it runs where there is no
          `config.json` (keep the two equal).
        - `Sources/\(appTarget)/main.swift` and `Sources/\(serveTarget)/main.swift`: its two programs, `\(name)`
          at the terminal and `\(name)-serve` in a browser or over SSH (what `\(name) serve` runs, from beside `\(name)`).
        - `Features/\(feature)`: one feature, its screen `\(screen.id)` in one type, and its test.
          Add a feature as a folder beside it, its name in the `features` list in Package.swift,
          and its module in `modules` in \(shellTarget).swift and in config.json.
        - `config.json`: the root screen, the transitions between screens, links and guards;
          `\(name) check` tells what is wrong with it, and the shell follows an edit while it runs.

        """
    }
}
