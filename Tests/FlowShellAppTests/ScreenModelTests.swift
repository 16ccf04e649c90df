import Cars
import FlowCoordinator
import FlowManifest
import FlowShell
import FlowShellKit
import FlowShellRuntime
import FlowShellTerminal
import FlowShellTesting
import FlowShellTestSupport
import Foundation
import Testing

/// The sample app's screens, checked against the shape the kit promises: what manifests check is
/// what each screen declares and does, its ViewProperties are plain data, and nothing in the
/// features is named twice or wired by hand.
@MainActor
@Suite struct ScreenModelTests: TestFolderSuite {
    let scratch = TemporaryFolder()

    /// An input for each sample screen that needs one.
    static let inputs: [String: [String: String]] = [
        "cars.details": ["carID": "rio"],
        "booking.confirm": ["carID": "rio"],
    ]

    /// Services with the fleet set up, which Booking looks cars up in.
    func services() throws -> ServiceContainer {
        let services = ServiceContainer()
        try CarsModule.module.setUpServices(services, .inMemory())
        return services
    }

    @Test func everySampleScreenShowsWhatItsRegistrationDeclares() async throws {
        let catalog = FeatureCatalog(FlowShellTestFeatures.modules)
        for module in FlowShellTestFeatures.modules {
            for registration in module.screens {
                // What the manifest check sees is the module's own registration.
                let checked = try #require(catalog.features(loading: [module.name])[registration.id])
                #expect(
                    checked.inputs == registration.inputs && checked.events == registration.events
                        && checked.commands == registration.commands)
                let screen = try await FeatureHarness(
                    module, registration.id, input: Self.inputs[registration.id] ?? [:], services: try services())
                let offered = Set(screen.properties.commands.map(\.name))
                #expect(
                    offered.isSubset(of: Set(registration.commands)), "\(registration.id) offers \(offered) beyond \(registration.commands)"
                )
                #expect(Set(registration.inputs) == Set(Self.inputs[registration.id]?.keys.map { $0 } ?? []), "\(registration.id)'s inputs")
            }
        }
    }

    @Test func everySampleScreensViewPropertiesRoundTripThroughJSON() async throws {
        for module in FlowShellTestFeatures.modules {
            for registration in module.screens {
                let screen = try await FeatureHarness(
                    module, registration.id, input: Self.inputs[registration.id] ?? [:], services: try services())
                let data = try JSONEncoder().encode(screen.properties)
                #expect(try JSONDecoder().decode(ViewProperties.self, from: data) == screen.properties, "\(registration.id)")
            }
        }
        let gallery = ComponentGallery.properties
        #expect(try JSONDecoder().decode(ViewProperties.self, from: JSONEncoder().encode(gallery)) == gallery)
    }

    /// Every screen line `--output json` writes in a session through the sample app validates
    /// against `view-properties.schema.json`.
    @Test(.enabled(if: JSONSchemaValidator.isInstalled, "python3 with jsonschema is not installed"))
    func theJSONScreensFollowTheirSchema() throws {
        let session = try FlowShellBinary.run(
            ["--output", "json", "--fresh"], input: "select rio\nbook\nlogin alice\nhours 2\nconfirm\noperators\nback\n",
            in: FlowShellBinary.repository, environment: FlowShellBinary.environment(home: home))
        let screens = session.output.split(separator: "\n").filter { $0.contains(#""type":"screen""#) }
        #expect(screens.count >= 5)
        let file = home.appendingPathComponent("screens.jsonl")
        try Data(screens.joined(separator: "\n").utf8).write(to: file)
        let script = """
            import json, sys, jsonschema
            schema = json.load(open(sys.argv[1]))
            jsonschema.Draft202012Validator.check_schema(schema)
            validator = jsonschema.Draft202012Validator(schema)
            bad = [str(error.message) for line in open(sys.argv[2]) for error in validator.iter_errors(json.loads(line))]
            print("\\n".join(bad))
            """
        let python = Process()
        python.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        python.arguments = [
            "python3", "-c", script, FlowShellBinary.repository.appendingPathComponent("view-properties.schema.json").path, file.path,
        ]
        let pipe = Pipe()
        python.standardOutput = pipe
        try python.run()
        let verdict = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        python.waitUntilExit()
        #expect(python.terminationStatus == 0)
        #expect(verdict.trimmingCharacters(in: .whitespacesAndNewlines) == "", "schema violations:\n\(verdict)")
    }

    @Test func theSampleEventsArePayloadsOfDeclaredKeys() {
        let cars = FlowShellTestFeatures.modules.first { $0.name == "Cars" }
        #expect(cars?.screen("cars.list")?.events.map(\.name) == ["selected", "showOperators", "showBookings", "showAccount"])
        #expect(cars?.screen("cars.list")?.event(named: "selected")?.payloadKeys == ["carID"])
        #expect(cars?.screen("cars.details")?.inputs == ["carID"])
        #expect(cars?.screen("cars.operators")?.event(named: "chosen")?.payloadKeys == ["operator"])
    }

    /// The typed `emit(\.event, payload)` is the only way to emit: no public API of the kit takes
    /// an event's name as a string.
    @Test func theKitHasNoStringTakingEmit() throws {
        let kit = FlowShellBinary.repository.appendingPathComponent("Sources/FlowShellKit")
        let files = try #require(FileManager.default.enumerator(atPath: kit.path)).compactMap { $0 as? String }.filter {
            $0.hasSuffix(".swift")
        }
        for file in files {
            let text = try String(contentsOf: kit.appendingPathComponent(file), encoding: .utf8)
            for line in text.components(separatedBy: "\n")
            where line.contains("public") && (line.contains("func emit") || line.contains("callAsFunction")) {
                #expect(!line.contains("String"), "\(file): \(line)")
            }
        }
    }

    /// No hand wiring of roles is left in the features.
    @Test func featuresWireNothingByHand() throws {
        let features = FlowShellBinary.repository.appendingPathComponent("Features")
        let files = try #require(FileManager.default.enumerator(atPath: features.path)).compactMap { $0 as? String }
            .filter { $0.hasSuffix(".swift") && $0.contains("/Sources/") }
        #expect(!files.isEmpty)
        for file in files {
            let text = try String(contentsOf: features.appendingPathComponent(file), encoding: .utf8)
            for wiring in ["actions = ", "weak var actions", ": Builder", "Updater<"] {
                #expect(!text.contains(wiring), "\(file) wires '\(wiring)' by hand")
            }
        }
    }
}
