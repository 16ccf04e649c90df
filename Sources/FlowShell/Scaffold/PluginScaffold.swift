import FlowShellRuntime
import FlowShellTerminal
import Foundation

/// Writes a new plugin into a FlowShell package, under `plugins/NAME/`: in Python, the plugin
/// (one screen, with `flowshell_plugin.py`) and its unittest; in Swift, a package of its own
/// with the screen as an ordinary ``Screen`` in a library, the executable that serves it, and
/// its test with FlowShellTesting. Nothing else in the package changes.
struct PluginScaffold {
    /// The languages a plugin can be scaffolded in.
    enum Language: String, CaseIterable, Sendable {
        case python, swift
    }

    /// Why nothing was created.
    typealias Refusal = FeatureScaffold.Refusal

    let packageFolder: URL
    let name: String
    let language: Language
    /// The screen ids the linked modules register already, with the module of each.
    let existingScreens: [String: String]

    /// `weather` for `Weather`, `bike_share` for `BikeShare`.
    var snakeName: String {
        var result = ""
        for character in name {
            if character.isUppercase, !result.isEmpty { result += "_" }
            result += character.lowercased()
        }
        return result
    }

    /// The one screen: `<name>.home`.
    var screen: ScreenTemplate {
        ScreenTemplate(id: "\(name.prefix(1).lowercased())\(name.dropFirst()).home")
    }

    /// The folder it goes in, relative to the package.
    var folder: String { "plugins/\(name)" }

    /// The config entry that runs it, for a config in the package's folder.
    var configEntry: String {
        switch language {
        case .python: return #"{ "module": "\#(name)", "command": ["python3", "\#(folder)/\#(snakeName).py"] }"#
        case .swift: return #"{ "module": "\#(name)", "command": ["\#(folder)/.build/debug/\#(snakeName)-plugin"] }"#
        }
    }

    /// Checks everything, then writes the files; returns them, relative to the package.
    func create() throws(Refusal) -> [String] {
        let helper = packageFolder.appendingPathComponent("plugins/python/flowshell_plugin.py")
        guard FileManager.default.fileExists(atPath: packageFolder.appendingPathComponent("Package.swift").path),
            FileManager.default.fileExists(atPath: helper.path)
        else {
            throw Refusal(
                message:
                    "\(packageFolder.path) is not a FlowShell package (it needs a Package.swift and plugins/python/flowshell_plugin.py)")
        }
        guard let first = name.unicodeScalars.first, first.properties.isUppercase, first.isASCII,
            name.unicodeScalars.allSatisfy({ $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0)) })
        else {
            throw Refusal(message: "'\(name)' is not a module name: use UpperCamelCase letters and digits, such as Weather")
        }
        guard !FeatureScaffold.reservedNames.contains(name) else {
            throw Refusal(message: "'\(name)' is the name of one of FlowShell's own modules")
        }
        if let owner = existingScreens[screen.id] {
            throw Refusal(message: "the screen '\(screen.id)' already exists in the \(owner) module; choose another name")
        }
        let root = packageFolder.appendingPathComponent(folder)
        guard !FileManager.default.fileExists(atPath: root.path) else {
            throw Refusal(message: "\(folder) exists already")
        }
        let files = language == .python ? pythonFiles : swiftFiles
        do {
            try ScaffoldFiles.write(files, into: root)
        } catch {
            throw Refusal(message: "cannot write the plugin: \(error.localizedDescription)")
        }
        return files.map { "\(folder)/\($0.0)" }
    }

    // MARK: - Python

    private var pythonFiles: [(String, String)] {
        let className = screen.typePrefix
        let plugin = """
            \"\"\"The \(name) plugin: one screen, \(screen.id). See docs/plugins.md.\"\"\"

            import os
            import sys

            sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "python"))
            import flowshell_plugin as fp  # noqa: E402


            class \(className)(fp.Screen):
                id = "\(screen.id)"
                title = "\(screen.title)"
                inputs = []                  # the input keys it cannot be opened without
                events = {"finished": []}    # each event and the payload keys it carries

                def __init__(self, input):
                    self.greetings = 0

                def view(self):
                    components = [fp.heading("Hello from \(screen.id)")]
                    if self.greetings > 0:
                        components.append(fp.message("success", "Hello!"))
                    plural = "" if self.greetings == 1 else "s"
                    return fp.view(self.title, components, status=f"greeted {self.greetings} time{plural}")

                @fp.command("greet", "Say hello")
                def greet(self):
                    self.greetings += 1

                @fp.command("done", "Leave this screen")
                def done(self):
                    self.emit("finished")


            if __name__ == "__main__":
                fp.Plugin("\(name)", [\(className)]).run()

            """
        let test = """
            \"\"\"Tests of the \(name) plugin's screen, run in-process: python3 -m unittest discover \(folder)\"\"\"

            import os
            import sys
            import unittest

            sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
            from \(snakeName) import \(className)  # noqa: E402


            class \(className)Tests(unittest.TestCase):
                def test_greets_and_finishes(self):
                    screen = \(className).open({})
                    self.assertEqual(screen.rendered()["status"], "greeted 0 times")
                    self.assertEqual(screen.run("greet"), [])
                    self.assertEqual(screen.rendered()["components"][1], {"kind": "message", "style": "success", "text": "Hello!"})
                    self.assertEqual(screen.run("done"), [("finished", {})])


            if __name__ == "__main__":
                unittest.main()

            """
        return [("\(snakeName).py", plugin), ("test_\(snakeName).py", test)]
    }

    // MARK: - Swift

    private var swiftFiles: [(String, String)] {
        let flowShell = packageFolder.lastPathComponent
        let manifest = """
            // swift-tools-version: 6.1
            import PackageDescription

            // The \(name) plugin: its screen is an ordinary Screen in the library \(name) (which a
            // FlowShell build could also link), served over the plugin protocol by \(snakeName)-plugin.
            let package = Package(
                name: "\(name)Plugin",
                platforms: [.macOS(.v15)],
                dependencies: [
                    .package(path: "../.."),
                ],
                targets: [
                    .target(name: "\(name)", dependencies: [.product(name: "FlowShellKit", package: "\(flowShell)")]),
                    .executableTarget(name: "\(snakeName)-plugin", dependencies: [
                        "\(name)", .product(name: "FlowShellPlugin", package: "\(flowShell)"),
                    ], path: "Sources/\(name)Plugin"),
                    .testTarget(name: "\(name)Tests", dependencies: [
                        "\(name)", .product(name: "FlowShellKit", package: "\(flowShell)"),
                        .product(name: "FlowShellTesting", package: "\(flowShell)"),
                    ]),
                ]
            )

            """
        let main = """
            import \(name)
            import FlowShellPlugin
            import Foundation

            // The \(name) module's screens, served over the plugin protocol until stdin closes.
            exit(await PluginServer.run([\(name)Module.module]))

            """
        return [
            ("Package.swift", manifest),
            ("Sources/\(name)/\(name)Module.swift", ScreenTemplate.module(name: name, screens: [screen])),
            ("Sources/\(name)/\(screen.typePrefix)Screen.swift", screen.source),
            ("Sources/\(name)Plugin/main.swift", main),
            ("Tests/\(name)Tests/\(screen.typePrefix)Tests.swift", screen.test(module: name)),
        ]
    }
}
