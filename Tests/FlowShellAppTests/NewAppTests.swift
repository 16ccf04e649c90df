import FlowShellTestSupport
import Foundation
import Testing

/// `flowshell new app`: what it refuses, in the user's words, and how it depends on FlowShell.
@Suite struct NewAppTests: TestFolderSuite {
    let scratch = TemporaryFolder()

    private func newApp(_ arguments: [String]) throws -> FlowShellBinary.Result {
        try flowshell(["new", "app"] + arguments)
    }

    @Test(arguments: [
        (
            ["Greeter"],
            "error: 'Greeter' is not a command name: use lowercase letters and digits, words joined by hyphens, such as greeter\n"
        ),
        (
            ["my_shell"],
            "error: 'my_shell' is not a command name: use lowercase letters and digits, words joined by hyphens, such as greeter\n"
        ),
        (["flow-shell-kit"], "error: 'flow-shell-kit' would name a module after one of FlowShell's own; choose another name\n"),
        (["notes", "--from", "1.0.0"], "error: --from goes with --url\n"),
        (
            ["notes", "--url", "https://example.com/FlowShell.git", "--flowshell", "."],
            "error: give --flowshell PATH or --url URL, not both\n"
        ),
        (["notes", "--flowshell", "nowhere"], "is not a FlowShell checkout (it has no Package.swift)\n"),
    ])
    func aMistakeIsRefusedAndNothingIsWritten(arguments: [String], message: String) throws {
        let result = try newApp(arguments)
        #expect(result.status == 2)
        #expect(result.errors.hasSuffix(message), "\(result.errors)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: home.path).isEmpty)
    }

    @Test func aFolderThatExistsIsLeftAlone() throws {
        let existing = home.appendingPathComponent("notes")
        try FileManager.default.createDirectory(at: existing, withIntermediateDirectories: true)
        try Data("mine\n".utf8).write(to: existing.appendingPathComponent("README.md"))
        let result = try newApp(["notes"])
        #expect(result.status == 2)
        #expect(result.errors == "error: \(existing.path) exists already; choose another name or --path\n")
        #expect(try String(contentsOf: existing.appendingPathComponent("README.md"), encoding: .utf8) == "mine\n")
    }

    @Test func byURLItDependsOnAVersion() throws {
        let result = try newApp(["notes", "--url", "https://example.com/team/FlowShell.git", "--from", "0.2.0"])
        #expect(result.status == 0, "\(result.errors)")
        let manifest = try String(contentsOf: home.appendingPathComponent("notes/Package.swift"), encoding: .utf8)
        #expect(manifest.contains(#".package(url: "https://example.com/team/FlowShell.git", from: "0.2.0"),"#))
        #expect(manifest.contains(#".product(name: "FlowShell", package: "FlowShell")"#))
        #expect(!manifest.contains("path: \"/"))
    }

    @Test func nextToTheCheckoutItDependsOnItByARelativePath() throws {
        let checkout = home.appendingPathComponent("FlowShell")
        try FileManager.default.createDirectory(at: checkout, withIntermediateDirectories: true)
        try Data("// swift-tools-version: 6.1\n".utf8).write(to: checkout.appendingPathComponent("Package.swift"))
        let result = try newApp(["notes", "--flowshell", "FlowShell", "--path", "apps"])
        #expect(result.status == 0, "\(result.errors)")
        let manifest = try String(contentsOf: home.appendingPathComponent("apps/notes/Package.swift"), encoding: .utf8)
        #expect(manifest.contains(#".package(name: "FlowShell", path: "../../FlowShell"),"#))
    }
}
