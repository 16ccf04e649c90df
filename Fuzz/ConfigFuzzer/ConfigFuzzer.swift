import FlowManifest
import FlowShellKit
import FlowShellRuntime
import FlowShellTerminal
import FuzzDriver
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// A libFuzzer target for the config loader, built and run by `make fuzz` (see the README):
// each input is parsed, decoded and checked against the linked features as `flowshell check`
// does it. A crash, a sanitizer's report, or a message that shows a character that cannot be
// seen is a finding; libFuzzer keeps its input.

@main
enum ConfigFuzzer {
    static let file = "fuzz.json"

    @MainActor static let validator = ManifestValidator(
        catalog: FeatureCatalog(linkedFeatureModules),
        // The names `flowshell check` reserves: the core's and those of the terminal's capabilities.
        globalCommands: Set(CoreCommands.names + [SessionCapability].terminal.flatMap(\.commandNames)))

    @MainActor
    static func main() {
        FuzzDriver.run(check)
    }

    /// Loads and checks `bytes` as `flowshell check` does, then checks every message.
    @MainActor
    static func check(_ bytes: [UInt8]) {
        let diagnostics: [Diagnostic]
        do {
            let manifest = try ManifestLoader.decode(bytes, file: file)
            diagnostics = validator.validate(manifest, file: file)
        } catch {
            switch error {
            case .invalid(let found, let partial):
                diagnostics = found + (partial.map { validator.validate($0, file: file) } ?? [])
            case .malformed, .unreadable:
                diagnostics = error.diagnostics
            }
        }
        for diagnostic in diagnostics {
            let text = diagnostic.description
            if let raw = text.unicodeScalars.first(where: CharacterDescription.isInvisible) {
                print("a message shows U+\(String(raw.value, radix: 16, uppercase: true)) as it is: \(text.debugDescription)")
                abort()
            }
        }
    }
}
