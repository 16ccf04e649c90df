// swift-tools-version: 6.1
import PackageDescription

// greeter: a shell built on FlowShell. Its identity and flow are in Sources/GreeterApp;
// each feature is a folder under Features/ with its Sources and Tests.
let features = [
    "Greeter",
]

let package = Package(
    name: "Greeter",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "greeter", targets: ["GreeterApp"]),
    ],
    dependencies: [
        .package(name: "FlowShell", path: "../.."),
    ],
    targets: [
        .executableTarget(
            name: "GreeterApp",
            dependencies: [.product(name: "FlowShell", package: "FlowShell")] + features.map { .target(name: $0) },
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
            ], path: "Features/\(name)/Tests", swiftSettings: [.swiftLanguageMode(.v6)]),
        ]
    }
)
