@testable import FlowManifest
import Foundation
import Testing

@Suite struct ManifestLoaderTests {
    private func decode(_ text: String) -> Result<Manifest, ManifestLoadError> {
        Result { () throws(ManifestLoadError) in try ManifestLoader.decode(Array(text.utf8), file: "flow.json") }
    }

    private func messages(_ text: String) -> [String] {
        switch decode(text) {
        case .success: return []
        case .failure(let error): return error.messages
        }
    }

    @Test func decodesAManifestWithEveryStyle() throws {
        let manifest = try decode(
            """
            {
              "$schema": "./config.schema.json",
              "app": "demo",
              "root": "demo.home",
              "modules": ["Demo"],
              "transitions": [
                { "from": "demo.home", "on": "open", "to": "demo.item", "style": "push" },
                { "from": "*", "on": "done", "style": "dismiss" }
              ]
            }
            """
        ).get()
        #expect(manifest.app == "demo")
        #expect(manifest.root == "demo.home")
        #expect(manifest.modules == ["Demo"])
        #expect(
            manifest.transitions == [
                Transition(from: "demo.home", on: "open", to: "demo.item", style: .push, index: 0),
                Transition(from: "*", on: "done", to: nil, style: .dismiss, index: 1),
            ])
        #expect(
            manifest.location(of: JSONPath.root.appending("transitions").appending(1).appending("style"))
                == SourceLocation(line: 8, column: 43))
    }

    @Test func reportsEveryStructuralProblemAtOnce() {
        let found = messages(
            """
            {
              "app": "my app",
              "root": 7,
              "modules": ["Demo", ""],
              "transitions": [
                { "from": "demo.home", "on": "open", "to": "demo.item", "stlye": "push" },
                { "from": "demo.home", "on": "x", "style": "pusj" },
                "nope"
              ],
              "extra": true
            }
            """)
        #expect(
            found == [
                "flow.json:2:10: error: app: app 'my app' must be a plain name (letters, digits, '.', '_' or '-'): it names the history folder",
                "flow.json:3:11: error: root: expected a string, found a number",
                "flow.json:4:23: error: modules[1]: must not be empty",
                "flow.json:6:5: error: transitions[0]: missing required key 'style'",
                "flow.json:6:61: error: transitions[0].stlye: unknown key 'stlye' — did you mean 'style'?; allowed here: from, on, command, summary, to, flow, style, requires",
                "flow.json:7:48: error: transitions[1].style: unknown style 'pusj' — did you mean 'push'?; expected one of push, present, dismiss, pop, replace, root, popTo",
                "flow.json:8:5: error: transitions[2]: expected an object, found a string",
                "flow.json:10:3: error: extra: unknown key 'extra'; allowed here: $schema, app, root, modules, maxDepth, transitions, flows, guards, links, plugins, examples, personConfirms, agentsReadOnly",
            ])
    }

    @Test func reportsMalformedJSONWithItsPlace() {
        #expect(messages("{\n  \"app\": \"x\",\n}") == ["flow.json:3:1: error: malformed JSON: trailing comma before '}'"])
        #expect(messages("") == ["flow.json:1:1: error: malformed JSON: the file is empty; expected a JSON object"])
        #expect(messages("[]") == ["flow.json:1:1: error: expected a JSON object at the top level, found an array"])
    }

    @Test func reportsMissingKeys() {
        #expect(
            messages("{}") == [
                "flow.json:1:1: error: missing required key 'app'",
                "flow.json:1:1: error: missing required key 'root'",
                "flow.json:1:1: error: missing required key 'modules'",
            ])
    }

    @Test func reportsDuplicateKeys() {
        #expect(
            messages(#"{"app": "a", "app": "b", "root": "r", "modules": []}"#) == [
                "flow.json:1:14: error: app: duplicate key 'app'"
            ])
    }

    @Test func reportsFilesThatCannotBeRead() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("flowshell-loader-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }

        func loadError(_ path: String) -> ManifestLoadError? {
            do {
                _ = try ManifestLoader.load(path: path, displayName: "cfg")
                return nil
            } catch {
                return error
            }
        }
        #expect(loadError(directory.appendingPathComponent("missing.json").path) == .unreadable(file: "cfg", reason: "no such file"))
        #expect(loadError(directory.path) == .unreadable(file: "cfg", reason: "it is a directory, not a file"))

        let huge = directory.appendingPathComponent("huge.json")
        try Data(repeating: UInt8(ascii: " "), count: 10 * 1024 * 1024).write(to: huge)
        #expect(loadError(huge.path) == .unreadable(file: "cfg", reason: "it is larger than 1024 KiB; a flow config is a small JSON file"))

        if getuid() != 0 {
            let locked = directory.appendingPathComponent("locked.json")
            try Data("{}".utf8).write(to: locked)
            try FileManager.default.setAttributes([.posixPermissions: 0], ofItemAtPath: locked.path)
            #expect(loadError(locked.path) == .unreadable(file: "cfg", reason: "permission denied"))
        }
        #expect(
            ManifestLoadError.unreadable(file: "cfg", reason: "no such file").messages == [
                "cfg: error: cannot read the flow config: no such file"
            ])
    }
}
