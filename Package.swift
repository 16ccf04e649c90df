// swift-tools-version: 6.1
import PackageDescription

/// The feature modules, one folder each under `Features/<Name>/{Sources,Tests}`.
/// Keep this list sorted; a test fails when a folder under `Features/` is missing from it.
let features = [
    "Auth",
    "Booking",
    "Cars",
]

/// Libraries that features share, one folder each under `Libraries/<Name>/Sources`: models and
/// service protocols, never screens. A feature imports FlowShellKit and these, never another feature.
let libraries = [
    "Accounts",
    "Fleet",
]

/// What a feature needs besides FlowShellKit: shared libraries and data files it ships.
let featureDependencies: [String: [Target.Dependency]] = [
    "Auth": ["Accounts"],
    "Booking": ["Accounts", "Fleet", "FlowShellSQLite", .product(name: "GRDB", package: "GRDB.swift")],
    "Cars": ["Fleet"],
]
let featureResources: [String: [Resource]] = [
    // Compiled into the binary, which then needs no folder beside it and finds its data
    // without Foundation's bundle lookup (docs/performance.md has what that saved).
    "Cars": ["CityDrive", "GreenGo", "UrbanWheels"].map { .embedInCode("Fleets/\($0).json") }
]

let strictSwift: [SwiftSetting] = [
    .swiftLanguageMode(.v6)
]

/// Features and the libraries they share: an async function that is not isolated runs on its
/// caller's actor (the screen's) instead of hopping to the global executor and back, which
/// cost a thread switch each way for work as quick as reading a fleet already in memory.
let featureSwift: [SwiftSetting] =
    strictSwift + [
        .enableUpcomingFeature("NonisolatedNonsendingByDefault")
    ]

let featureTargets: [Target] = features.flatMap { name -> [Target] in
    [
        .target(
            name: name,
            dependencies: ["FlowShellKit"] + (featureDependencies[name] ?? []),
            path: "Features/\(name)/Sources",
            resources: featureResources[name],
            swiftSettings: featureSwift
        ),
        .testTarget(
            name: "\(name)Tests",
            dependencies: [
                .target(name: name), "FlowShellKit", "FlowShellTesting", "FlowCoordinator",
                .product(name: "Clocks", package: "swift-clocks"),
            ] + (featureDependencies[name] ?? []),
            path: "Features/\(name)/Tests",
            swiftSettings: strictSwift
        ),
    ]
}

let libraryTargets: [Target] = libraries.map { name in
    .target(name: name, dependencies: ["FlowShellKit"], path: "Libraries/\(name)/Sources", swiftSettings: featureSwift)
}

let package = Package(
    name: "FlowShell",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "flowshell", targets: ["flowshell"]),
        .library(name: "FlowShell", targets: ["FlowShell"]),
        .library(name: "FlowShellRuntime", targets: ["FlowShellRuntime"]),
        .library(name: "FlowShellTerminal", targets: ["FlowShellTerminal"]),
        .library(name: "FlowShellKit", targets: ["FlowShellKit"]),
        .library(name: "FlowCoordinator", targets: ["FlowCoordinator"]),
        .library(name: "FlowShellTesting", targets: ["FlowShellTesting"]),
        .library(name: "FlowShellPlugin", targets: ["FlowShellPlugin"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        // `make docs`: FlowShellKit's DocC documentation.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
        // FlowShellTesting's test clock, which tests advance to drive screens that change over time.
        .package(url: "https://github.com/pointfreeco/swift-clocks", from: "1.1.1"),
        // The terminal's `shell` global command and redirection's `| SHELL-COMMAND`.
        .package(url: "https://github.com/swiftlang/swift-subprocess", from: "1.0.2"),
        .package(url: "https://github.com/apple/swift-system", from: "1.5.0"),
    ],
    targets: [
        .target(name: "FlowShellKit", swiftSettings: strictSwift),
        .target(name: "FlowManifest", dependencies: ["FlowShellKit"], swiftSettings: strictSwift),
        .target(name: "FlowCoordinator", dependencies: ["FlowShellKit", "FlowManifest"], swiftSettings: strictSwift),
        .target(name: "CPluginSpawn"),
        // The plugin protocol's messages, which both sides speak: the shell's plugin host
        // (FlowPlugins, with its process supervisor) and a Swift plugin (FlowShellPlugin).
        .target(name: "FlowPluginProtocol", dependencies: ["FlowShellKit"], swiftSettings: strictSwift),
        .target(name: "FlowPlugins", dependencies: ["FlowShellKit", "FlowPluginProtocol", "CPluginSpawn"], swiftSettings: strictSwift),
        .target(name: "FlowShellPlugin", dependencies: ["FlowShellKit", "FlowPluginProtocol"], swiftSettings: strictSwift),
        .target(
            name: "FlowShellTesting",
            dependencies: [
                "FlowShellKit", "FlowManifest", "FlowCoordinator", "FlowShellRuntime",
                .product(name: "Clocks", package: "swift-clocks"),
            ],
            swiftSettings: strictSwift),
        // Found on the compiler's default paths (libedit-dev, which `make deps` installs), not
        // through pkg-config: its `-L/usr/lib/...` would come first in every link and hide the
        // static archives that `make release` links instead of the shared libraries.
        .systemLibrary(name: "CLibedit"),
        // terminfo (tinfo), which libedit uses too, says what a session's terminal type can show.
        .target(name: "CEditShim", dependencies: ["CLibedit"], linkerSettings: [.linkedLibrary("edit"), .linkedLibrary("tinfo")]),
        .target(name: "LineEditor", dependencies: ["CEditShim", "FlowShellKit"], swiftSettings: strictSwift),
        // The runtime: a running flow, the session core (the one dispatcher and the global
        // commands that touch only the session), the View protocol (ShellOutput), plugin hosting.
        // No line editor, database, command line, file of this machine or program to run: what
        // every front end composes its sessions from.
        .target(
            name: "FlowShellRuntime",
            dependencies: ["FlowShellKit", "FlowManifest", "FlowCoordinator", "FlowPlugins"],
            swiftSettings: strictSwift
        ),
        // The terminal: the REPL, the line editor's use, the text and JSON-lines Views, the pager,
        // and the capabilities its sessions have (files and programs of this machine).
        .target(
            name: "FlowShellTerminal",
            dependencies: [
                "FlowShellRuntime", "FlowShellKit", "FlowManifest", "FlowCoordinator", "LineEditor",
                // `shell` and `| SHELL-COMMAND` run the user's shell through it.
                .product(name: "Subprocess", package: "swift-subprocess"),
                .product(name: "SystemPackage", package: "swift-system"),
            ],
            swiftSettings: strictSwift
        ),
        // `flowshell test`: explores a flow as a model, each path a session of the runtime with
        // no capability of this machine, and reports coverage by config line and what failed.
        .target(
            name: "FlowExplorer",
            dependencies: ["FlowShellRuntime", "FlowShellKit", "FlowManifest", "FlowCoordinator"],
            swiftSettings: strictSwift
        ),
        // An SQLite file that the shells and servers of one machine share: opening it while
        // another opens it too, and reading when another changed it.
        .target(
            name: "FlowShellSQLite", dependencies: [.product(name: "GRDB", package: "GRDB.swift")], swiftSettings: strictSwift),
        // The modules' settings in SQLite in the app's data folder, which the terminal and the
        // browser View share.
        .target(
            name: "FlowShellSettings",
            dependencies: ["FlowShellRuntime", "FlowShellKit", "FlowShellSQLite", .product(name: "GRDB", package: "GRDB.swift")],
            swiftSettings: strictSwift
        ),
        // What the command lines of the shell's programs (`flowshell`, the server's) share: the
        // one-run opt-in to a config's plugins.
        .target(
            name: "FlowShellCommandLine",
            dependencies: ["FlowShellRuntime", .product(name: "ArgumentParser", package: "swift-argument-parser")],
            swiftSettings: strictSwift
        ),
        // The app entry: the command line and `FlowShellMain.main(identity:modules:)`,
        // scaffolding.
        .target(
            name: "FlowShell",
            dependencies: [
                "FlowShellCommandLine",
                "FlowShellRuntime",
                "FlowShellTerminal",
                "FlowShellSettings",
                "FlowExplorer",
                "FlowShellKit",
                "FlowManifest",
                "FlowCoordinator",
                "FlowPlugins",
                "LineEditor",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: strictSwift,
            // What `new app` writes is examples/greeter's files, built in.
            plugins: ["ExampleAppPlugin"]
        ),
        // The car-sharing demo's identity and built-in flow, which its terminal and its browser
        // programs share.
        .target(name: "CarSharingApp", dependencies: ["FlowShellRuntime"], swiftSettings: strictSwift),
        .executableTarget(
            name: "flowshell",
            dependencies: ["FlowShell", "FlowShellKit", "CarSharingApp"] + features.map { .target(name: $0) },
            swiftSettings: strictSwift,
            plugins: ["FeatureRegistryPlugin"]
        ),
        // What the build-tool plugins run: the registry of linked features, and `new app`'s files.
        .executableTarget(name: "FlowShellSourceGenerator"),
        .plugin(
            name: "FeatureRegistryPlugin",
            capability: .buildTool(),
            dependencies: ["FlowShellSourceGenerator"]
        ),
        .plugin(name: "ExampleAppPlugin", capability: .buildTool(), dependencies: ["FlowShellSourceGenerator"]),
        // The example Swift plugin (examples/plugins): an ordinary feature module, and the
        // executable that serves it over the plugin protocol.
        .target(name: "Trips", dependencies: ["FlowShellKit"], path: "examples/plugins/swift/Trips", swiftSettings: strictSwift),
        .executableTarget(
            name: "trips-plugin", dependencies: ["Trips", "FlowShellPlugin"], path: "examples/plugins/swift/TripsPlugin",
            swiftSettings: strictSwift),
        // The example of a shell of one's own (examples/greeter), which `flowshell new app` wrote:
        // a package of its own that depends on this one by path, whose targets are built here
        // too, so that `make test` runs it without building FlowShell a second time.
        .target(
            name: "Greeter", dependencies: ["FlowShellKit"], path: "examples/greeter/Features/Greeter/Sources", swiftSettings: strictSwift),
        .target(
            name: "GreeterShell", dependencies: ["FlowShellKit", "FlowShellRuntime", "Greeter"],
            path: "examples/greeter/Sources/GreeterShell",
            swiftSettings: strictSwift),
        .testTarget(
            name: "GreeterTests", dependencies: ["Greeter", "FlowShellKit", "FlowShellTesting"],
            path: "examples/greeter/Features/Greeter/Tests", swiftSettings: strictSwift),
        // examples/notes, the shell the guides build (docs/features.md, docs/your-own-shell.md):
        // its code is what they show, compiled and tested here (its own Package.swift would be the
        // one `new app notes` writes).
        .target(name: "Notes", dependencies: ["FlowShellKit"], path: "examples/notes/Features/Notes/Sources", swiftSettings: strictSwift),
        .target(
            name: "NotesShell", dependencies: ["FlowShellKit", "FlowShellRuntime", "Notes"], path: "examples/notes/Sources/NotesShell",
            swiftSettings: strictSwift),
        .executableTarget(
            name: "NotesApp", dependencies: ["FlowShell", "NotesShell"], path: "examples/notes/Sources/NotesApp",
            swiftSettings: strictSwift),
        .testTarget(
            name: "NotesTests",
            dependencies: ["Notes", "FlowShellKit", "FlowShellTesting", .product(name: "Clocks", package: "swift-clocks")],
            path: "examples/notes/Features/Notes/Tests", swiftSettings: strictSwift),
        .testTarget(name: "FlowShellKitTests", dependencies: ["FlowShellKit"], swiftSettings: strictSwift),
        .testTarget(name: "FlowManifestTests", dependencies: ["FlowManifest", "FlowShellKit"], swiftSettings: strictSwift),
        .testTarget(
            name: "FlowCoordinatorTests",
            dependencies: ["FlowCoordinator", "FlowManifest", "FlowShellKit"],
            swiftSettings: strictSwift
        ),
        // The plugin protocol's messages and the supervisor, then plugins in a running shell: the
        // real binary's sessions with plugins of every kind (`Sessions/`), and the example plugin.
        .testTarget(
            name: "FlowPluginsTests",
            dependencies: [
                "FlowPlugins", "FlowPluginProtocol", "FlowShellKit", "FlowShellRuntime", "FlowCoordinator",
                "FlowShellTesting", "FlowShellTestSupport", "Trips", "trips-plugin", "flowshell",
            ],
            exclude: ["Fixtures"], swiftSettings: strictSwift),
        .testTarget(name: "LineEditorTests", dependencies: ["LineEditor"], swiftSettings: strictSwift),
        .testTarget(
            name: "FlowShellTestingTests",
            dependencies: [
                "FlowShellTesting", "FlowShellKit", "FlowCoordinator",
                .product(name: "Clocks", package: "swift-clocks"),
            ], swiftSettings: strictSwift),
        // What the test targets share, a library that only they depend on: the built binary run
        // end to end, a pseudo-terminal and what a terminal of it shows, the sample app's features,
        // and the fixtures (broken flows, golden renderings, plugins in Python).
        .target(name: "CPseudoTerminal", path: "Tests/CPseudoTerminal"),
        .target(
            name: "FlowShellTestSupport",
            dependencies: ["CPseudoTerminal", "FlowShellKit", "FlowShellRuntime", "FlowCoordinator"] + features.map { .target(name: $0) },
            path: "Tests/FlowShellTestSupport",
            exclude: ["Fixtures"],
            swiftSettings: strictSwift
        ),
        .testTarget(
            name: "FlowShellRuntimeTests", dependencies: ["FlowShellRuntime", "FlowShellKit", "FlowCoordinator", "FlowShellTestSupport"],
            swiftSettings: strictSwift),
        // The terminal in process and through the real binary, on pipes and pseudo-terminals; and
        // every global command in every front end (the browser's and SSH's added below).
        .testTarget(
            name: "FlowShellTerminalTests",
            dependencies: [
                "FlowShellTerminal", "FlowShellRuntime", "FlowShellKit", "FlowManifest", "FlowCoordinator", "LineEditor",
                "FlowShellTesting", "FlowShellTestSupport", "flowshell",
            ],
            swiftSettings: strictSwift
        ),
        .testTarget(
            name: "FlowExplorerTests",
            dependencies: ["FlowExplorer", "FlowShellRuntime", "FlowShellKit", "FlowShellTestSupport", "flowshell"],
            swiftSettings: strictSwift
        ),
        // The app: the command line (`check`, `graph`, `replay`, `new`), scaffolding, the sample
        // app through the real binary, the examples' shells, and the package's layout.
        .testTarget(
            name: "FlowShellAppTests",
            dependencies: [
                "FlowShell", "FlowShellRuntime", "FlowShellTerminal", "FlowShellKit", "FlowManifest", "FlowCoordinator",
                "FlowShellTesting", "FlowShellTestSupport", "flowshell", "CarSharingApp", "Cars", "NotesApp",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: strictSwift
        ),
    ] + featureTargets + libraryTargets
)

// The servers (`flowshell serve`): the browser View (the FlowShellWeb library on Hummingbird), SSH
// (FlowShellSSH, on swift-nio-ssh), the server program's entry that composes them (FlowShellServe),
// and the demo's server, a program of its own so that the terminal's binary carries no server.
// FLOWSHELL_WITHOUT_WEB=1 leaves them out, for builds that never use them (the tutorial's copy).
if Context.environment["FLOWSHELL_WITHOUT_WEB"] == nil {
    package.dependencies += [
        .package(url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.28.1"),
        .package(url: "https://github.com/hummingbird-project/hummingbird-websocket.git", from: "2.8.1"),
        .package(url: "https://github.com/apple/swift-log", from: "1.5.0"),
        // The servers' bounds are channel handlers (swift-nio), a tab's key an HMAC and SSH's keys
        // Ed25519 with SHA-256 fingerprints (swift-crypto), both built for Hummingbird already; SSH's
        // protocol (swift-nio-ssh).
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-crypto.git", "3.12.3"..<"5.0.0"),
        .package(url: "https://github.com/apple/swift-nio-ssh.git", from: "0.15.1"),
        // Runs both servers in one process and stops them together on SIGINT or SIGTERM, within
        // a bound (Hummingbird's already).
        .package(url: "https://github.com/swift-server/swift-service-lifecycle.git", from: "2.13.0"),
        // What several servers of a flow share (`--database`), in PostgreSQL.
        .package(url: "https://github.com/vapor/postgres-nio.git", from: "1.33.2"),
        // TLS to it (sslmode=require), which postgres-nio is built with already.
        .package(url: "https://github.com/apple/swift-nio-ssl.git", from: "2.37.6"),
    ]
    package.products += [
        .executable(name: "flowshell-serve", targets: ["flowshell-serve"]),
        // The servers themselves are reached through FlowShellServe; what a front end of a team's
        // own shares with them (the guards of a served session) is FlowShellServing.
        .library(name: "FlowShellServing", targets: ["FlowShellServing"]),
        .library(name: "FlowShellServe", targets: ["FlowShellServe"]),
    ]
    package.targets += [
        // What the browser's and SSH's servers share: at their door, the rule that lets a
        // connection in (OpenSSH's MaxStartups), the listening socket's handler that keeps it, and
        // a connection's deadline for its first step; inside, the guards every served session is
        // composed with.
        .target(
            name: "FlowShellServing",
            dependencies: ["FlowShellRuntime", "FlowShellKit", "FlowCoordinator", .product(name: "NIOCore", package: "swift-nio")],
            swiftSettings: strictSwift),
        // What the servers of a flow share, kept in PostgreSQL (`serve --database`).
        .target(
            name: "FlowShellPostgres",
            dependencies: [
                "FlowShellServing", "FlowShellRuntime", "FlowCoordinator",
                .product(name: "PostgresNIO", package: "postgres-nio"),
                // The pool's own errors (a server away for a while), and the system's reasons a
                // connection failed, said in words.
                .product(name: "_ConnectionPoolModule", package: "postgres-nio"),
                .product(name: "NIOCore", package: "swift-nio"), .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strictSwift),
        // The agents' front end: MCP (JSON-RPC over stdio), each session one of the core's
        // composed with the server's guards, driven through a fixed list of tools.
        .target(
            name: "FlowShellMCP", dependencies: ["FlowShellServing", "FlowShellRuntime", "FlowShellKit", "FlowCoordinator"],
            swiftSettings: strictSwift),
        .testTarget(
            name: "FlowShellMCPTests",
            dependencies: [
                "FlowShellMCP", "FlowShellServing", "FlowShellRuntime", "FlowShellKit", "FlowShellTerminal", "FlowShellTestSupport",
            ],
            swiftSettings: strictSwift),
        // A server of pages and WebSockets, each socket a session of its own on the runtime's
        // one dispatcher, keeping the modules' settings where the terminal does. No line editor
        // or terminal.
        .target(
            name: "FlowShellWeb",
            dependencies: [
                "FlowShellRuntime", "FlowShellSettings", "FlowShellKit", "FlowManifest", "FlowCoordinator", "FlowShellServing",
                // `serve --mcp`: the agents' MCP at /mcp, on the same server and port.
                "FlowShellMCP",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "HummingbirdWebSocket", package: "hummingbird-websocket"),
                .product(name: "NIOCore", package: "swift-nio"),
                // The decoder's error for a request head past the limit, answered 431.
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOWebSocket", package: "swift-nio"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Crypto", package: "swift-crypto"),
                // The server's own log, kept to what is critical.
                .product(name: "Logging", package: "swift-log"),
            ],
            resources: ["head.html", "index.html", "app.js", "style.css", "favicon.svg", "refused.html"].map { .embedInCode("Page/\($0)") },
            swiftSettings: strictSwift
        ),
        // SSH: each login a session of the core on a pseudo-terminal of its own, whose View is the
        // terminal's own REPL and line editor, with no capability that reaches this machine.
        .target(
            name: "FlowShellSSH",
            dependencies: [
                "FlowShellRuntime", "FlowShellTerminal", "FlowShellKit", "FlowCoordinator", "LineEditor", "FlowShellServing",
                .product(name: "NIOSSH", package: "swift-nio-ssh"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            swiftSettings: strictSwift
        ),
        // The server program's entry: `serve`'s command line, and the browser's and SSH's servers
        // composed in one process on the app's shared services.
        .target(
            name: "FlowShellServe",
            dependencies: [
                "FlowShellWeb", "FlowShellSSH", "FlowShellMCP", "FlowShellRuntime", "FlowShellKit", "FlowShellTerminal",
                "FlowShellServing", "FlowShellPostgres", "FlowShellCommandLine", "FlowShellSettings",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
                // The system's error that a server could not listen with (NIO's IOError).
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            swiftSettings: strictSwift
        ),
        .executableTarget(
            name: "flowshell-serve",
            dependencies: ["FlowShellServe", "FlowShellKit", "CarSharingApp"] + features.map { .target(name: $0) },
            swiftSettings: strictSwift,
            plugins: ["FeatureRegistryPlugin"]
        ),
        // The guards every served session is composed with.
        .testTarget(
            name: "FlowShellServingTests",
            dependencies: [
                "FlowShellServing", "FlowShellRuntime", "FlowShellKit", "FlowCoordinator", "FlowShellTestSupport",
                .product(name: "Clocks", package: "swift-clocks"),
            ], swiftSettings: strictSwift),
        .testTarget(
            name: "FlowShellWebTests",
            dependencies: [
                "FlowShellWeb", "FlowManifest", "FlowCoordinator", "FlowShellServing", "FlowShellPostgres", "FlowShellRuntime",
                "FlowShellTestSupport", "FlowShellTesting", "FlowShellKit", "FlowShellSettings", "Booking", "Cars", "Fleet",
                // What a test asks the scratch PostgreSQL itself (who listens).
                .product(name: "PostgresNIO", package: "postgres-nio"), .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOEmbedded", package: "swift-nio"),
                .product(name: "NIOWebSocket", package: "swift-nio"),
            ], swiftSettings: strictSwift),
        .testTarget(
            name: "FlowShellSSHTests",
            dependencies: [
                "FlowShellSSH", "FlowShellServing", "FlowShellRuntime", "FlowShellKit", "FlowShellTerminal", "FlowShellTestSupport",
                .product(name: "NIOSSH", package: "swift-nio-ssh"),
                .product(name: "Crypto", package: "swift-crypto"),
            ],
            swiftSettings: strictSwift),
        // examples/greeter's two programs: at the terminal, which takes `--database` as the
        // servers do, and its server, which `greeter serve` runs.
        .executableTarget(
            name: "GreeterApp", dependencies: ["FlowShell", "FlowShellPostgres", "GreeterShell"],
            path: "examples/greeter/Sources/GreeterApp", swiftSettings: strictSwift),
        .executableTarget(
            name: "GreeterServe", dependencies: ["FlowShellServe", "GreeterShell"], path: "examples/greeter/Sources/GreeterServe",
            swiftSettings: strictSwift),
        .executableTarget(
            name: "NotesServe", dependencies: ["FlowShellServe", "NotesShell"], path: "examples/notes/Sources/NotesServe",
            swiftSettings: strictSwift),
    ]
    // Every global command in every front end, the browser's, SSH's and agents' among them
    // (GlobalCommandTests), and examples/greeter's server program (ExampleAppTests).
    package.targets.first { $0.name == "FlowShellTerminalTests" }?.dependencies += [
        "FlowShellWeb", "FlowShellSSH", "FlowShellServing", "FlowShellMCP",
    ]
    package.targets.first { $0.name == "FlowShellAppTests" }?.dependencies += ["GreeterApp", "GreeterServe"]
    // The terminals' `--database`: their programs hand the FlowShell library PostgreSQL's driver
    // (FlowShellMain.main(…, database:)), which the library itself never links.
    package.products += [.library(name: "FlowShellPostgres", targets: ["FlowShellPostgres"])]
    package.targets.first { $0.name == "flowshell" }?.dependencies += ["FlowShellPostgres"]
    package.targets.first { $0.name == "flowshell" }?.swiftSettings = strictSwift + [.define("FLOWSHELL_DATABASE")]
}

// `FLOWSHELL_TESTS=Greeting swift test`: the tests of those features alone (names separated by
// commas), built and run without the rest: SwiftPM builds every test target of a package for
// `swift test`, whatever `--filter` says (the tutorial's test step).
if let chosen = Context.environment["FLOWSHELL_TESTS"] {
    let kept = Set(chosen.split(separator: ",").map { "\($0)Tests" })
    package.targets.removeAll { $0.type == .test && !kept.contains($0.name) }
}

// `make fuzz` only: libFuzzer targets for the config loader, the command line and the plugin protocol. It links with the fuzzer's
// runtime, which only it gets (the build tools must not: they have no fuzz entry point), so
// other builds leave it out.
if Context.environment["FLOWSHELL_FUZZ"] != nil {
    package.targets.append(.target(name: "FuzzDriver", path: "Fuzz/FuzzDriver", swiftSettings: strictSwift))
    package.targets.append(
        .executableTarget(
            name: "ConfigFuzzer",
            dependencies: ["FlowManifest", "FlowShellKit", "FlowShellRuntime", "FlowShellTerminal", "FuzzDriver"]
                + features.map { .target(name: $0) },
            path: "Fuzz/ConfigFuzzer",
            swiftSettings: strictSwift,
            linkerSettings: [.unsafeFlags(["-sanitize=fuzzer"])],
            plugins: ["FeatureRegistryPlugin"]
        ))
    package.targets.append(
        .executableTarget(
            name: "PluginFuzzer",
            dependencies: ["FlowPlugins", "FlowPluginProtocol", "FlowShellKit", "FuzzDriver"],
            path: "Fuzz/PluginFuzzer",
            swiftSettings: strictSwift,
            linkerSettings: [.unsafeFlags(["-sanitize=fuzzer"])]
        ))
    package.targets.append(
        .executableTarget(
            name: "CommandFuzzer",
            dependencies: ["FlowShellRuntime", "FlowShellTerminal", "FlowShellKit", "LineEditor", "FuzzDriver"],
            path: "Fuzz/CommandFuzzer",
            swiftSettings: strictSwift,
            linkerSettings: [.unsafeFlags(["-sanitize=fuzzer"])]
        ))
}
