import FlowShellTestSupport
import Foundation
import Testing

/// The layers as `swift package describe` reads the package: each product carries only what its
/// job needs, and the engine knows nothing of the sample features.
@Suite struct LayeringTests {
    /// What `swift package describe --type json` says of the package.
    struct Description: Decodable, Sendable {
        struct Product: Decodable, Sendable {
            var name: String
            var targets: [String]
        }
        struct Target: Decodable, Sendable {
            var name: String
            var targetDependencies: [String]?
            var productDependencies: [String]?

            enum CodingKeys: String, CodingKey {
                case name, targetDependencies = "target_dependencies", productDependencies = "product_dependencies"
            }
        }
        var products: [Product]
        var targets: [Target]
    }

    /// The package as SwiftPM describes it, read once (with a scratch folder of its own, so as
    /// not to wait for the test run's lock on the build folder).
    static let package: Description? = {
        guard let scratch = try? FlowShellBinary.temporaryFolder() else { return nil }
        defer { try? FileManager.default.removeItem(at: scratch) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["swift", "package", "--scratch-path", scratch.path, "describe", "--type", "json"]
        process.currentDirectoryURL = FlowShellBinary.repository
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return nil }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return try? JSONDecoder().decode(Description.self, from: data)
    }()

    /// The targets and external products `product` links, all the way down.
    static func closure(ofProduct product: String) throws -> (targets: Set<String>, products: Set<String>) {
        let package = try #require(package, "swift package describe gave nothing to read")
        let roots = try #require(package.products.first { $0.name == product }?.targets, "no product \(product)")
        return try closure(of: roots)
    }

    /// The targets and external products `target` links, all the way down.
    static func closure(ofTarget target: String) throws -> (targets: Set<String>, products: Set<String>) {
        try closure(of: [target])
    }

    private static func closure(of roots: [String]) throws -> (targets: Set<String>, products: Set<String>) {
        let package = try #require(package, "swift package describe gave nothing to read")
        let all = Dictionary(package.targets.map { ($0.name, $0) }) { first, _ in first }
        var seen: Set<String> = [], external: Set<String> = []
        var pending = roots
        while let name = pending.popLast() {
            guard seen.insert(name).inserted, let target = all[name] else { continue }
            pending += target.targetDependencies ?? []
            external.formUnion(target.productDependencies ?? [])
        }
        return (seen, external)
    }

    @Test(arguments: ["FlowShellTesting", "FlowShellPlugin", "FlowShellKit", "FlowShellRuntime"])
    func aLibraryForFeaturesAndPluginsLinksNoLineEditorDatabaseOrCommandLine(product: String) throws {
        let (targets, products) = try Self.closure(ofProduct: product)
        #expect(targets.isDisjoint(with: ["LineEditor", "CEditShim", "CLibedit"]), "\(product) links libedit: \(targets.sorted())")
        #expect(products.isDisjoint(with: ["GRDB", "ArgumentParser"]), "\(product) links \(products.sorted())")
    }

    /// What a shell of one's own ships links no test library: a release build with the Swift
    /// runtime linked in (`--static-swift-stdlib`) has no swift-testing to link.
    @Test(arguments: ["FlowShell", "flowshell", "flowshell-serve", "FlowShellServing", "FlowShellServe"])
    func whatAShellShipsLinksNoTestLibrary(product: String) throws {
        let (targets, products) = try Self.closure(ofProduct: product)
        #expect(
            !targets.contains("FlowShellTesting") && !targets.contains("FlowShellTestSupport")
                && !targets.contains { $0.hasSuffix("Tests") },
            "\(product) links \(targets.sorted())")
        #expect(products.isDisjoint(with: ["Testing", "swift-testing", "XCTest"]), "\(product) links \(products.sorted())")
    }

    @Test func theBrowserViewLinksNoLineEditorOrTerminal() throws {
        let (targets, products) = try Self.closure(ofTarget: "FlowShellWeb")
        #expect(
            targets.isDisjoint(with: ["LineEditor", "CEditShim", "CLibedit", "FlowShellTerminal", "FlowShell"]),
            "FlowShellWeb links \(targets.sorted())")
        #expect(products.contains("Hummingbird") && !products.contains("Subprocess"), "FlowShellWeb links \(products.sorted())")
    }

    /// The session core runs no program: what runs the user's shell is the terminal's capability.
    @Test(arguments: ["FlowShellRuntime", "FlowShellTesting"])
    func theSessionCoreRunsNoProgram(product: String) throws {
        let (targets, products) = try Self.closure(ofProduct: product)
        #expect(
            !targets.contains("FlowShellTerminal") && products.isDisjoint(with: ["Subprocess", "SystemPackage"]),
            "\(product) links \(targets.union(products).sorted())")
        #expect(try Self.closure(ofProduct: "FlowShellTerminal").products.contains("Subprocess"))
    }

    @Test func theSettingsDatabaseLinksNoLineEditorTerminalOrCommandLine() throws {
        let (targets, products) = try Self.closure(ofTarget: "FlowShellSettings")
        #expect(
            targets.isDisjoint(with: ["LineEditor", "CEditShim", "CLibedit", "FlowShellTerminal", "FlowShell"]),
            "FlowShellSettings links \(targets.sorted())")
        #expect(
            products.contains("GRDB") && products.isDisjoint(with: ["ArgumentParser", "Hummingbird"]),
            "FlowShellSettings links \(products.sorted())")
    }

    @Test func theTerminalProgramCarriesNoServer() throws {
        let (targets, products) = try Self.closure(ofProduct: "flowshell")
        #expect(targets.isDisjoint(with: ["FlowShellWeb", "FlowShellSSH", "FlowShellServe"]), "flowshell links \(targets.sorted())")
        #expect(products.isDisjoint(with: ["Hummingbird", "HummingbirdWebSocket", "NIOSSH"]), "flowshell links \(products.sorted())")
    }

    /// SSH's sessions are the terminal's REPL and line editor on a session's terminal; the
    /// browser's server and SSH's know nothing of each other, and only the server program
    /// (FlowShellServe) composes both.
    @Test func theServersAreApartAndOnlyTheServerProgramComposesThem() throws {
        let (ssh, sshProducts) = try Self.closure(ofTarget: "FlowShellSSH")
        #expect(
            ssh.contains("FlowShellTerminal") && ssh.contains("LineEditor") && !ssh.contains("FlowShellWeb"),
            "FlowShellSSH links \(ssh.sorted())")
        #expect(
            sshProducts.contains("NIOSSH") && sshProducts.isDisjoint(with: ["Hummingbird", "ArgumentParser"]),
            "FlowShellSSH links \(sshProducts.sorted())")
        let (web, webProducts) = try Self.closure(ofTarget: "FlowShellWeb")
        #expect(!web.contains("FlowShellSSH") && !webProducts.contains("NIOSSH"), "FlowShellWeb links \(web.union(webProducts).sorted())")
        let (serve, _) = try Self.closure(ofProduct: "FlowShellServe")
        #expect(serve.isSuperset(of: ["FlowShellWeb", "FlowShellSSH"]), "FlowShellServe links \(serve.sorted())")
    }

    @Test func theEngineDependsOnNoSampleFeature() throws {
        let samples: Set<String> = ["Auth", "Booking", "Cars", "Accounts", "Fleet", "Trips", "Greeter"]
        let (targets, _) = try Self.closure(ofProduct: "FlowShell")
        #expect(targets.isDisjoint(with: samples), "the engine depends on \(targets.intersection(samples).sorted())")
        // Nor does any engine source import one.
        let sources = FlowShellBinary.repository.appendingPathComponent("Sources")
        let engine = try FileManager.default.contentsOfDirectory(atPath: sources.path).filter { $0 != "flowshell" }
        #expect(engine.contains("FlowShellKit"))
        for module in engine {
            let folder = sources.appendingPathComponent(module)
            for file in FileManager.default.enumerator(atPath: folder.path)?.compactMap({ $0 as? String }) ?? []
            where file.hasSuffix(".swift") {
                let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
                for sample in samples {
                    #expect(!text.contains("import \(sample)\n"), "Sources/\(module)/\(file) imports the sample \(sample)")
                }
            }
        }
    }
}
