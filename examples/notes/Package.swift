// swift-tools-version: 6.1
import PackageDescription

// notes: a shell built on FlowShell, grown from what `flowshell new app notes` writes. Who it
// is — its identity, feature modules and built-in flow — is in Sources/NotesShell, which its
// two programs share: notes at the terminal (Sources/NotesApp) and notes-serve in a browser or
// over SSH (Sources/NotesServe, what `notes serve` runs). Each feature is a folder under Features/ with
// its Sources and Tests.
let features = [
    "Notes",
]

let package = Package(
    name: "Notes",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "notes", targets: ["NotesApp"]),
        .executable(name: "notes-serve", targets: ["NotesServe"]),
    ],
    dependencies: [
        .package(name: "FlowShell", path: "../.."),
        // The test clock that the tests move on, for the work a screen does over time.
        .package(url: "https://github.com/pointfreeco/swift-clocks", from: "1.1.1"),
    ],
    targets: [
        .target(
            name: "NotesShell",
            dependencies: [
                .product(name: "FlowShellKit", package: "FlowShell"),
                .product(name: "FlowShellRuntime", package: "FlowShell"),
            ] + features.map { .target(name: $0) },
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
        .executableTarget(
            name: "NotesApp",
            dependencies: ["NotesShell", .product(name: "FlowShell", package: "FlowShell")],
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
        .executableTarget(
            name: "NotesServe",
            dependencies: ["NotesShell", .product(name: "FlowShellServe", package: "FlowShell")],
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
    ] + features.flatMap { name -> [Target] in
        [
            .target(name: name, dependencies: [.product(name: "FlowShellKit", package: "FlowShell")],
                    path: "Features/\(name)/Sources", swiftSettings: [.swiftLanguageMode(.v6)]),
            .testTarget(name: "\(name)Tests", dependencies: [
                .target(name: name),
                .product(name: "FlowShellKit", package: "FlowShell"),
                .product(name: "FlowShellTesting", package: "FlowShell"),
                .product(name: "Clocks", package: "swift-clocks"),
            ], path: "Features/\(name)/Tests", swiftSettings: [.swiftLanguageMode(.v6)]),
        ]
    }
)
