@testable import FlowCoordinator
import FlowManifest
@testable import FlowShell
import FlowShellKit
@testable import FlowShellRuntime
@testable import FlowShellTerminal
import FlowShellTestSupport
import Foundation
import Testing

/// Deep links, guards, restored state and live reload through the real binary.
@Suite(.serialized) struct NavigationSessionTests: TestFolderSuite {
    let scratch = TemporaryFolder()

    @Test func deepLinkLoginBookQuitAndComeBack() throws {
        let environment = FlowShellBinary.environment(home: home)

        // --restore: a script remembers where it was only when asked to.
        let first = try flowshell(
            ["--config", config, "--restore", "--open", "/cars/rio"], input: "where\nbook\nlogin alice\nhours 3\nconfirm\nquit\n",
            environment: environment)
        #expect(first.status == 0)
        #expect(first.errors == "")
        let output = first.output
        #expect(output.contains("1. Cars (cars.list)\n2. Kia Rio (cars.details, carID=rio)\n"))
        #expect(output.contains("· sign-in is needed first\nSign in\n"))
        #expect(output.contains("✓ Booked Kia Rio for 3 h — booking BK-"))
        // The session and the booking are in the app's data folder.
        let data = home.appendingPathComponent(".local/share/flowshell/carsharing")
        #expect(FileManager.default.fileExists(atPath: data.appendingPathComponent("settings.sqlite").path))
        #expect(FileManager.default.fileExists(atPath: data.appendingPathComponent("bookings.sqlite").path))

        let second = try flowshell(
            ["--config", config, "--restore"], input: "where\nback\nbookings\nback\naccount\n", environment: environment)
        #expect(second.status == 0)
        #expect(second.errors == "")
        #expect(second.output.hasPrefix("Kia Rio\n"), "back where the first session ended")
        #expect(second.output.contains("1. Cars (cars.list)\n2. Kia Rio (cars.details, carID=rio)\n"))
        #expect(second.output.contains("My bookings\n"))
        #expect(second.output.contains("1 booking\n"))
        #expect(!second.output.contains("Sign in"), "the session was kept")
        #expect(second.output.contains("signed in as alice"))

        let fresh = try flowshell(["--config", config, "--fresh"], input: "where\n", environment: environment)
        #expect(fresh.output.hasSuffix("1. Cars (cars.list)\n"))
    }

    @Test func aLinkOpenedAtStartIsWhereTheNextStartBegins() throws {
        let environment = FlowShellBinary.environment(home: home)
        _ = try flowshell(["--config", config, "--restore", "--open", "/cars/zoe"], environment: environment)
        let next = try flowshell(["--config", config, "--restore"], input: "where\n", environment: environment)
        #expect(next.output.hasSuffix("1. Cars (cars.list)\n2. Renault Zoe (cars.details, carID=zoe)\n"))
    }

    @Test func aSessionThatGoesNowhereLeavesTheStateFileAlone() throws {
        let environment = FlowShellBinary.environment(home: home)
        let state = home.appendingPathComponent("navigation.json")
        func fileNumber() throws -> Int? {
            try FileManager.default.attributesOfItem(atPath: state.path)[.systemFileNumber] as? Int
        }
        _ = try flowshell(["--config", config, "--state", state.path], input: "select rio\n", environment: environment)
        let written = try #require(try fileNumber())
        // Saving writes a new file and renames it over the old one: the same file means no save.
        let idle = try flowshell(["--config", config, "--state", state.path], input: "where\nshow\nquit\n", environment: environment)
        #expect(idle.output.contains("2. Kia Rio (cars.details, carID=rio)\n"))
        #expect(try fileNumber() == written)
        _ = try flowshell(["--config", config, "--state", state.path], input: "back\n", environment: environment)
        #expect(try fileNumber() != written)
        let next = try flowshell(["--config", config, "--state", state.path], input: "where\n", environment: environment)
        #expect(next.output.hasSuffix("1. Cars (cars.list)\n"))
    }

    @Test func aPlateIsLookedUpAndAnUnknownOneChangesNothing() throws {
        let result = try flowshell(["--config", config], input: "open /plates/c789-fg\nwhere\nopen /plates/ZZZ\nwhere\nopen /nowhere\n")
        #expect(result.status == 1)
        #expect(result.output.components(separatedBy: "2. Škoda Octavia (cars.details, carID=octavia)\n").count == 3)
        #expect(
            result.errors == """
                ✗ line 3: cannot open /plates/ZZZ: no car has the plate 'ZZZ'
                ✗ line 5: no link matches '/nowhere'; links: /cars/:carID, /plates/:plate, /bookings, /account

                """)
    }

    @Test func aCorruptStateFileIsReportedAndTheShellStartsAtTheRoot() throws {
        let state = home.appendingPathComponent("saved.json")
        try Data("{ not json".utf8).write(to: state)
        let result = try flowshell(["--config", config, "--state", state.path], input: "select zoe\n")
        #expect(result.status == 0)
        #expect(result.errors == "! \(state.path): not a FlowShell state file (or of another version); starting at the root\n")
        #expect(result.output.hasPrefix("Cars\n"))
        // The file is rewritten with where the user went.
        let saved = try JSONDecoder().decode(NavigationSnapshot.self, from: Data(contentsOf: state))
        #expect(saved.screens.map(\.screen) == ["cars.list", "cars.details"])
    }

    @Test func aSignInLayerSavedWithoutItsStepSaysWhatOpensItAgain() throws {
        let state = home.appendingPathComponent("saved.json").path
        let first = try flowshell(["--config", config, "--state", state], input: "select rio\nbook\nwhere\n")
        #expect(first.output.contains("3. Sign in [modal]"))
        // As a version that did not save a guard's step wrote it (PendingGuardAcrossRunsTests: with it).
        var saved = try JSONDecoder().decode(NavigationSnapshot.self, from: Data(contentsOf: URL(fileURLWithPath: state)))
        #expect(saved.pendingGuards.count == 1)
        saved.pendingGuards = []
        try JSONEncoder().encode(saved).write(to: URL(fileURLWithPath: state))
        let second = try flowshell(["--config", config, "--state", state], input: "where\n")
        #expect(second.errors == "! Sign in was not reopened: it opens only when sign-in is needed; type book again to get there\n")
        #expect(second.output.hasSuffix("1. Cars (cars.list)\n2. Kia Rio (cars.details, carID=rio)\n"))
    }

    @Test func aStateFromAnotherFlowKeepsWhatStillFits() throws {
        let state = home.appendingPathComponent("saved.json")
        // Written as the state file's format has it, field by field.
        let saved = """
            {"v": 1, "app": "carsharing", "screens": [
              {"feature": "cars.list", "input": {}, "presentation": "root", "flowRoot": false},
              {"feature": "cars.details", "input": {"carID": "zoe"}, "presentation": "pushed", "flowRoot": false},
              {"feature": "cars.details", "input": {"carID": "gone"}, "presentation": "pushed", "flowRoot": false},
              {"feature": "booking.list", "input": {}, "presentation": "pushed", "flowRoot": false}
            ]}
            """
        try Data(saved.utf8).write(to: state)
        let result = try flowshell(["--config", config, "--state", state.path], input: "where\n")
        // A car's details lead nowhere but to booking: the second details and what is above it go.
        #expect(result.errors == "! Car details and My bookings were not reopened: nothing in this flow leads there from Car details\n")
        #expect(result.output.hasSuffix("1. Cars (cars.list)\n2. Renault Zoe (cars.details, carID=zoe)\n"))
    }

    @MainActor
    @Test func reloadAppliesASoundConfigAndKeepsTheFlowOnABrokenOne() async throws {
        let folder = try FlowShellBinary.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("config.json")
        let original = try String(contentsOfFile: config, encoding: .utf8).replacingOccurrences(of: "./config.schema.json", with: "x")
        try Data(original.utf8).write(to: file)
        let source = ConfigSource.file(path: file.path)
        let features = FlowShellTestFeatures.modules
        let runtime = try await FlowRuntime.start(source: source, modules: features) { _ in nil }
        let flow = runtime.flow
        let manifest = flow.manifest
        _ = await flow.open("/cars/rio")

        try Data(original.replacingOccurrences(of: "\"style\": \"push\" },", with: "\"stlye\": \"push\" },").utf8).write(to: file)
        let broken = await runtime.reload()
        #expect(broken.last == Notice(.warning, "\(file.path) has errors; the flow that was running goes on"))
        #expect(broken.filter { $0.style == .error }.count >= 2)
        #expect(flow.manifest == manifest)
        #expect(flow.stack.map(\.featureID) == ["cars.list", "cars.details"])

        try Data(
            original.replacingOccurrences(
                of: "\"to\": \"cars.list\", \"style\": \"popTo\"",
                with: "\"to\": \"cars.list\", \"style\": \"push\""
            ).utf8
        ).write(to: file)
        let sound = await runtime.reload()
        #expect(sound == [Notice(.success, "reloaded \(file.path)")])
        #expect(flow.manifest.transition(from: "cars.operators", on: "chosen")?.style == .push)
        #expect(flow.stack.map(\.featureID) == ["cars.list", "cars.details"], "the open screens stay")
        #expect(await runtime.reload() == [], "nothing changed, nothing said")

        // Broken, then fixed back to the flow that runs: the last word is that it is sound.
        let running = try String(contentsOf: file, encoding: .utf8)
        try Data(running.replacingOccurrences(of: "\"style\": \"push\" },", with: "\"stlye\": \"push\" },").utf8).write(to: file)
        #expect(await runtime.reload().last?.style == .warning)
        try Data(running.utf8).write(to: file)
        #expect(await runtime.reload() == [Notice(.success, "\(file.path) is sound again, as the flow that runs")])
        #expect(await runtime.reload() == [], "and said once")
    }
}

/// The shell follows its config file as it is edited, without losing the line being typed.
@Suite(.serialized) struct LiveReloadTests: TestFolderSuite {
    let scratch = TemporaryFolder()

    @Test func anEditAppliesByItselfAndTheTypedLineComesBack() throws {
        let (file, original) = try FlowShellBinary.demoConfigCopy(in: home)
        // Wide enough that no message wraps.
        let terminal = try atCars(["--config", file.path], columns: 300)
        try terminal.type("select ri", expecting: "select ri")

        // An editor's save: a new file renamed over the old one.
        let edited = original.replacingOccurrences(
            of: "\"on\": \"selected\", \"to\": \"cars.details\", \"style\": \"push\"",
            with: "\"on\": \"selected\", \"to\": \"cars.details\", \"style\": \"present\"")
        let temporary = home.appendingPathComponent(".config.json.swp")
        try Data(edited.utf8).write(to: temporary)
        #expect(rename(temporary.path, file.path) == 0)
        try terminal.expect("reloaded \(file.path)")
        try terminal.expect("Cars › select ri")
        try terminal.enter("o", expecting: "Cars › [Kia Rio] › ")

        // A broken edit leaves the running flow alone and says why.
        try Data(edited.replacingOccurrences(of: "\"root\": \"cars.list\"", with: "\"root\": \"cars.lst\"").utf8).write(to: file)
        try terminal.expect("error: root: unknown feature 'cars.lst'")
        try terminal.expect("the flow that was running goes on")
        try terminal.expect("Cars › [Kia Rio] › ")
        try terminal.enter("where", expecting: "2. Kia Rio [modal] (cars.details, carID=rio)", "› ")
        #expect(try terminal.quit(typing: "\u{04}") == 0)
    }
}
