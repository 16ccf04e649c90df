// swift-tools-version: 6.1
import PackageDescription

// A front end of FlowShell's session written outside its package, on its public API alone:
// lines arrive over a pipe as JSON ({"line": "…"}), and each answer goes back as the JSON
// messages of FlowShell's machine interface, then {"type": "done"}. It composes the session
// core with a capability and a line handler of its own. FlowShell's tests build it in a scratch
// folder outside the repository and run its test.
let package = Package(
    name: "PipeFrontEnd",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "pipe-shell", targets: ["pipe-shell"])
    ],
    dependencies: [
        .package(name: "FlowShell", path: "../..")
    ],
    targets: [
        .target(
            name: "PipeFrontEnd",
            dependencies: [
                .product(name: "FlowShellKit", package: "FlowShell"),
                .product(name: "FlowShellRuntime", package: "FlowShell"),
                .product(name: "FlowCoordinator", package: "FlowShell"),
            ],
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
        .executableTarget(name: "pipe-shell", dependencies: ["PipeFrontEnd"], swiftSettings: [.swiftLanguageMode(.v6)]),
        .testTarget(
            name: "PipeFrontEndTests",
            dependencies: ["PipeFrontEnd", .product(name: "FlowShellRuntime", package: "FlowShell")],
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
    ]
)
