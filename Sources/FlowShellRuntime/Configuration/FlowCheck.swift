import FlowCoordinator
import FlowManifest
import FlowShellKit

/// A flow config loaded and checked against the linked features: what `flowshell check`
/// prints and what the shell checks before its first prompt.
package struct FlowCheck {
    /// How far the config got.
    enum Outcome: String, Encodable {
        /// The file could not be read.
        case unreadable
        /// The file is not well-formed JSON.
        case malformed
        /// The file is JSON but the flow has errors.
        case invalid
        /// The flow can run (it may have warnings).
        case valid
    }

    /// How the diagnostics name the file.
    package let fileName: String
    /// The manifest, when it decoded.
    let manifest: Manifest?
    /// Every problem found, in file order.
    package let diagnostics: [Diagnostic]
    /// How far the config got.
    let outcome: Outcome
    /// The linked modules and the modules of the flow's plugins.
    package private(set) var modules: [FeatureModule]
    /// Why the flow may not run although it may be sound, in one line: its plugins are not
    /// trusted (only when `plugins` loads them for running).
    package private(set) var refusal: String?

    /// Loads `source` and checks it against `features` and its plugins' declarations (from
    /// `plugins`; none when nil). A screen may take no name of a global command: the core's, and
    /// those of the capabilities the program links (`reserving`, handed in by the program), so
    /// that a flow means the same in each of its front ends.
    @MainActor
    package init(
        source: ConfigSource, features: [FeatureModule], plugins: PluginLoader? = nil, reserving capabilities: [SessionCapability] = []
    ) {
        fileName = source.fileName
        modules = features
        let reserved = Set(CoreCommands.names + capabilities.flatMap(\.commandNames))
        var validator = ManifestValidator(
            catalog: FeatureCatalog(features), globalCommands: reserved,
            shellSettings: Set(ShellSettings.builtIn.map(\.name)))
        do {
            let manifest = try source.load()
            // A plugin's module named like a linked one would stand in for it, and the linked
            // module's services would be missing at run time: refused here, before anything runs.
            let linked = Set(features.map(\.name))
            let clashes = manifest.plugins.filter { linked.contains($0.module) }.map { plugin in
                let path = plugin.path.appending("module")
                return Diagnostic(
                    .error, file: source.fileName, location: manifest.location(of: path), path: path,
                    message: "'\(plugin.module)' is the name of a linked module; a plugin provides a module of another name")
            }
            if !clashes.isEmpty {
                self.manifest = manifest
                diagnostics = clashes
                outcome = .invalid
                return
            }
            let loaded = plugins?.modules(for: manifest, source: source) ?? PluginLoader.Loaded()
            if let refusal = loaded.refusal {
                self.manifest = manifest
                self.refusal = refusal
                diagnostics = []
                outcome = .invalid
                return
            }
            if loaded.diagnostics.containsError {
                // A plugin that cannot be asked is the one error: its screens are unknown.
                self.manifest = manifest
                diagnostics = loaded.diagnostics
                outcome = .invalid
                return
            }
            modules = features + loaded.modules
            validator = ManifestValidator(
                catalog: FeatureCatalog(modules), globalCommands: reserved,
                shellSettings: Set(ShellSettings.builtIn.map(\.name)),
                uncheckedModules: loaded.unchecked)
            let diagnostics = (validator.validate(manifest, file: source.fileName) + loaded.diagnostics).sorted(by: Diagnostic.inFileOrder)
            self.manifest = manifest
            self.diagnostics = diagnostics
            outcome = diagnostics.containsError ? .invalid : .valid
        } catch {
            manifest = nil
            switch error {
            case .unreadable:
                outcome = .unreadable
                diagnostics = error.diagnostics
            case .malformed:
                outcome = .malformed
                diagnostics = error.diagnostics
            case .invalid(let found, let partial):
                // What did decode is checked too, so that one pass names every problem.
                outcome = .invalid
                let more = partial.map { validator.validate($0, file: source.fileName) } ?? []
                diagnostics = (found + more.filter { $0.severity == .error }).sorted(by: Diagnostic.inFileOrder)
            }
        }
    }

    /// The number of errors.
    var errorCount: Int { diagnostics.filter { $0.severity == .error }.count }
    /// The number of warnings.
    var warningCount: Int { diagnostics.count - errorCount }

    /// `flowshell check`'s exit status: 0 runnable, 1 errors in the flow, 2 not readable as JSON.
    package var exitStatus: Int32 {
        switch outcome {
        case .valid: return 0
        case .invalid: return 1
        case .unreadable, .malformed: return 2
        }
    }

    /// The manifest, when the flow can run.
    package var runnableManifest: Manifest? {
        outcome == .valid ? manifest : nil
    }

    /// The diagnostics as compiler-style lines, then a summary line when there are any.
    package var textReport: String {
        guard !diagnostics.isEmpty else { return "" }
        var parts: [String] = []
        if errorCount > 0 { parts.append("\(errorCount) error\(errorCount == 1 ? "" : "s")") }
        if warningCount > 0 { parts.append("\(warningCount) warning\(warningCount == 1 ? "" : "s")") }
        return diagnostics.map(\.description).joined(separator: "\n") + "\n\(fileName): \(parts.joined(separator: ", "))\n"
    }
}
