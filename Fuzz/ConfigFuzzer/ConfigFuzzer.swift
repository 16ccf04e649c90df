import FlowShell
import FlowManifest
import FlowShellKit
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// A libFuzzer target for the config loader, built and run by `make fuzz` (see the README):
// each input is parsed, decoded and checked against the linked features as `flowshell check`
// does it. A crash, a sanitizer's report, or a message that shows a character that cannot be
// seen is a finding; libFuzzer keeps its input.

/// libFuzzer's driver (from the fuzzer's runtime that `-sanitize=fuzzer` links): runs
/// `callback` on generated inputs as the command line says (corpus folders, `-max_total_time`).
@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<Int32>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32
) -> Int32

/// One input: the bytes of a config file.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzConfigLoader(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    // libFuzzer calls back on the thread that started it, the main one.
    MainActor.assumeIsolated { ConfigFuzzer.check(bytes) }
    return 0
}

@main
enum ConfigFuzzer {
    static let file = "fuzz.json"

    @MainActor static let validator = ManifestValidator(catalog: FeatureCatalog(linkedFeatureModules), globalCommands: GlobalCommand.names)

    @MainActor
    static func main() {
        var argc = CommandLine.argc
        var argv = CommandLine.unsafeArgv
        exit(LLVMFuzzerRunDriver(&argc, &argv, fuzzConfigLoader))
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
