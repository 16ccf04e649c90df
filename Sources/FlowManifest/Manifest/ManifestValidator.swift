import FlowShellKit

/// Checks a decoded manifest against the linked features and reports every problem at once:
/// unknown modules and features, events a screen never emits, inputs no payload carries,
/// duplicate edges, commands that shadow global ones, sub-flows, guards and links that do not
/// fit together; and, for a flow with no error, what looks unintended (unreachable screens,
/// unhandled events, screens only quit leaves). An unknown name is reported once, where it
/// first appears, and nothing that follows from it is reported again (as compilers do).
public struct ManifestValidator: Sendable {
    /// The linked feature modules.
    public let catalog: FeatureCatalog
    /// The names of the shell's global commands, which features may not reuse.
    public let globalCommands: Set<String>
    /// Modules whose screens are unknown (plugins not started): a screen, event or input the
    /// catalog does not know may be theirs, so it is not reported, and no warnings are given.
    public let uncheckedModules: Set<String>
    /// The names of the shell's own settings (`color`), which a module's may not take.
    public let shellSettings: Set<String>

    /// A validator of flows against the screens and events in `catalog`, where `globalCommands` are
    /// the shell's own command names (a config's command may not take one), `shellSettings` its
    /// own settings' names (a module's setting may not take one) and `uncheckedModules` are
    /// modules whose screens are known only at run time (plugins).
    public init(catalog: FeatureCatalog, globalCommands: Set<String>, shellSettings: Set<String> = [], uncheckedModules: Set<String> = []) {
        self.catalog = catalog
        self.globalCommands = globalCommands
        self.shellSettings = shellSettings
        self.uncheckedModules = uncheckedModules
    }

    /// Every problem in `manifest`, in the order they appear in the file.
    public func validate(_ manifest: Manifest, file: String) -> [Diagnostic] {
        var check = ManifestCheck(manifest: manifest, catalog: catalog, file: file, uncheckedModules: uncheckedModules)
        check.run(globalCommands: globalCommands)
        check.checkSettings(shellSettings: shellSettings)
        return check.diagnostics.sorted(by: Diagnostic.inFileOrder)
    }
}
