import FlowShellRuntime
import FlowShellTerminal
import Foundation

/// Writes a new feature module into a FlowShell package: `Features/NAME/Sources` with one file
/// per screen and the module's registration, and
/// `Features/NAME/Tests` with a passing test, then adds NAME to the sorted list in Package.swift.
struct FeatureScaffold {
    /// Why nothing was created.
    struct Refusal: Error, Equatable {
        var message: String
    }

    /// The names of FlowShell's own modules, which a shell built on it links.
    static let engineNames: Set<String> = [
        "FlowShellKit", "FlowCoordinator", "FlowShell", "FlowShellCommandLine", "FlowShellRuntime", "FlowShellTerminal", "FlowShellTesting",
        "FlowShellSettings", "FlowShellSQLite", "FlowShellWeb", "FlowShellSSH", "FlowShellServe", "FlowShellServing", "FlowShellMCP",
        "LineEditor", "CLibedit",
        "CEditShim",
        "FlowManifest",
        "FlowPlugins", "FlowPluginProtocol", "FlowShellPlugin", "CPluginSpawn", "CarSharingApp", "FlowExplorer",
        // The build's tool and the plugin that makes `new app`'s files, which a shell of one's own builds too.
        "FlowShellSourceGenerator", "ExampleAppPlugin",
        // The libraries the engine links, whose modules a feature's name would clash with.
        "ArgumentParser", "GRDB", "Clocks", "Hummingbird", "HummingbirdCore", "HummingbirdWebSocket", "Logging", "Subprocess",
        "SystemPackage", "NIOCore", "NIOPosix", "NIOConcurrencyHelpers", "NIOHTTP1", "NIOWebSocket", "NIOEmbedded", "NIOSSH", "Crypto",
        "ServiceLifecycle", "FlowShellPostgres", "PostgresNIO", "NIOSSL",
    ]

    /// Target names FlowShell's own package uses for its tools and examples, which a feature of
    /// that package may not take (a shell of one's own does not build them).
    static let ownTargetNames: Set<String> = [
        "CPseudoTerminal", "FlowShellTestSupport", "FeatureRegistryPlugin", "Flowshell", "Trips", "Greeter",
        "GreeterApp",
        "GreeterShell", "GreeterServe", "Notes", "NotesApp", "NotesShell", "NotesServe",
    ]

    /// Target names the package already uses for itself: the engine's, its tools' and its examples'.
    static let reservedNames: Set<String> = engineNames.union(ownTargetNames)

    let packageFolder: URL
    let name: String
    let requestedScreens: [String]
    /// The screen ids the linked modules register already, with the module of each.
    let existingScreens: [String: String]

    init(packageFolder: URL, name: String, screens: [String], existingScreens: [String: String] = [:]) {
        self.packageFolder = packageFolder
        self.name = name
        self.requestedScreens = screens
        self.existingScreens = existingScreens
    }

    /// The screens to create: those asked for, or `<name>.home`.
    var screenIDs: [String] {
        requestedScreens.isEmpty ? ["\(name.prefix(1).lowercased())\(name.dropFirst()).home"] : requestedScreens
    }

    /// Whether the package is FlowShell itself (not a shell built on it).
    private var isFlowShellItself: Bool {
        FileManager.default.fileExists(atPath: packageFolder.appendingPathComponent("Sources/FlowShellKit").path)
    }

    /// The file that lists a shell of one's own's modules, where a new module is added by hand
    /// (`Sources/<App>Shell/<App>Shell.swift`, whose `modules` both its programs run; a shell
    /// written by an older `new app` lists them in the `main.swift` that calls `FlowShellMain.main`);
    /// nil in FlowShell itself, whose linked modules are listed at build time from `Package.swift`.
    var modulesFile: String? {
        let files = FileManager.default
        guard !isFlowShellItself, let targets = try? files.contentsOfDirectory(atPath: packageFolder.appendingPathComponent("Sources").path)
        else { return nil }
        for target in targets.sorted() {
            let names = (try? files.contentsOfDirectory(atPath: packageFolder.appendingPathComponent("Sources/\(target)").path)) ?? []
            for name in names.sorted() where name.hasSuffix(".swift") {
                let path = "Sources/\(target)/\(name)"
                guard let text = try? String(contentsOf: packageFolder.appendingPathComponent(path), encoding: .utf8) else { continue }
                if text.contains("static let modules") || text.contains("FlowShellMain.main(identity: identity, modules: [") { return path }
            }
        }
        return nil
    }

    /// Checks everything, then writes the files and the list; returns the files created.
    func create() throws(Refusal) -> [String] {
        let manifestURL = packageFolder.appendingPathComponent("Package.swift")
        // FlowShell itself, or a shell built on it (`new app`), which depends on FlowShellKit.
        guard let manifest = try? String(contentsOf: manifestURL, encoding: .utf8),
            let list = FeatureList(manifest: manifest),
            isFlowShellItself || manifest.contains(#".product(name: "FlowShellKit""#)
        else {
            throw Refusal(
                message:
                    "\(packageFolder.path) is not FlowShell or a shell built on it (it needs a Package.swift with a 'let features = [' list, and FlowShellKit among its sources or dependencies)"
            )
        }
        guard name.range(of: "^[A-Z][A-Za-z0-9]{0,39}$", options: .regularExpression) != nil else {
            throw Refusal(message: "'\(name)' is not a module name: use UpperCamelCase letters and digits, such as Greeting")
        }
        guard !Self.engineNames.contains(name), !(isFlowShellItself && Self.ownTargetNames.contains(name)) else {
            throw Refusal(message: "'\(name)' is the name of one of FlowShell's own modules")
        }
        let folder = packageFolder.appendingPathComponent("Features/\(name)")
        guard !list.names.contains(name), !FileManager.default.fileExists(atPath: folder.path) else {
            throw Refusal(message: "a feature '\(name)' already exists (Features/\(name) or the list in Package.swift)")
        }
        var seen: Set<String> = []
        for id in screenIDs {
            guard id.range(of: "^[a-z][A-Za-z0-9]*(\\.[a-z][A-Za-z0-9]*)+$", options: .regularExpression) != nil else {
                throw Refusal(
                    message: "'\(id)' is not a screen id: use words that start in lowercase, joined by dots, such as greeting.home")
            }
            if let owner = existingScreens[id] {
                throw Refusal(message: "the screen '\(id)' already exists in the \(owner) module; choose another id")
            }
            guard seen.insert(id).inserted else {
                throw Refusal(message: "the screen '\(id)' is asked for twice")
            }
        }

        let screens = screenIDs.map(ScreenTemplate.init)
        var files: [(String, String)] = [("Sources/\(name)Module.swift", ScreenTemplate.module(name: name, screens: screens))]
        for screen in screens {
            files.append(("Sources/\(screen.typePrefix)Screen.swift", screen.source))
            files.append(("Tests/\(screen.typePrefix)Tests.swift", screen.test(module: name)))
        }
        do {
            try ScaffoldFiles.write(files, into: folder)
            try Data(list.adding(name).utf8).write(to: manifestURL, options: .atomic)
        } catch {
            try? FileManager.default.removeItem(at: folder)
            throw Refusal(message: "cannot write the feature: \(error.localizedDescription)")
        }
        return files.map { "Features/\(name)/\($0.0)" }
    }
}

/// The `let features = [ ... ]` list of a Package.swift, and how to add to it.
struct FeatureList {
    let manifest: String
    let names: [String]
    private let body: Range<String.Index>

    init?(manifest: String) {
        guard let start = manifest.range(of: "let features = ["),
            let end = manifest[start.upperBound...].range(of: "]")
        else { return nil }
        self.manifest = manifest
        body = start.upperBound..<end.lowerBound
        names = manifest[body].split(separator: "\n").compactMap { line in
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            guard trimmed.hasPrefix("\"") else { return nil }
            return trimmed.trimmingCharacters(in: CharacterSet(charactersIn: "\","))
        }
    }

    /// The manifest with `name` in the list, kept sorted, one name a line.
    func adding(_ name: String) -> String {
        let lines = (names + [name]).sorted().map { "    \"\($0)\",\n" }.joined()
        return manifest.replacingCharacters(in: body, with: "\n" + lines)
    }
}
