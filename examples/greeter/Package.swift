// swift-tools-version: 6.1
import PackageDescription

// greeter: a shell built on FlowShell. Who it is — its identity, feature modules and
// built-in flow — is in Sources/GreeterShell, which its two programs share: greeter at the
// terminal (Sources/GreeterApp) and greeter-serve in a browser or over SSH (Sources/GreeterServe,
// what `greeter serve` runs). Each feature is a folder under Features/ with its Sources and Tests.
let features = [
    "Greeter",
]

let package = Package(
    name: "Greeter",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "greeter", targets: ["GreeterApp"]),
        .executable(name: "greeter-serve", targets: ["GreeterServe"]),
    ],
    dependencies: [
        .package(name: "FlowShell", path: "../.."),
        // The test clock that the features' tests move on, for the work a screen does over time.
        .package(url: "https://github.com/pointfreeco/swift-clocks", from: "1.1.1"),
    ],
    targets: [
        .target(
            name: "GreeterShell",
            dependencies: [
                .product(name: "FlowShellKit", package: "FlowShell"),
                .product(name: "FlowShellRuntime", package: "FlowShell"),
            ] + features.map { .target(name: $0) },
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
        .executableTarget(
            name: "GreeterApp",
            dependencies: [
                "GreeterShell", .product(name: "FlowShell", package: "FlowShell"),
                // `--database postgres://…`: the records its servers share, at the prompt too.
                .product(name: "FlowShellPostgres", package: "FlowShell"),
            ],
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
        .executableTarget(
            name: "GreeterServe",
            dependencies: ["GreeterShell", .product(name: "FlowShellServe", package: "FlowShell")],
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
