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

    /// Every file of the package, by path: examples/greeter's, with this app's names and its
    /// dependency on FlowShell.
    var files: [(String, String)] {
        let (line, package) = dependencyLine
        let names: KeyValuePairs = [
            #".package(name: "FlowShell", path: "../..")"#: line, #"package: "FlowShell""#: #"package: "\#(package)""#,
            "greeter.home": screen.id, "Greeter": typeName, "greeter": name,
        ]
        return exampleAppFiles.map { (ExampleApp.fill($0.path, names), ExampleApp.fill($0.text, names)) }
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
}
