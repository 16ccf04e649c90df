import FlowPluginProtocol
import FlowPlugins
import FlowShellKit
import Testing

/// A plugin screen's commands say what they change (`effect`), as a linked screen's do: the
/// module the host makes of its declaration carries them, for `flowshell check` and agents.
@MainActor
@Suite struct PluginEffectsTests {
    @Test func aPluginScreensDeclaredEffectsReachItsRegistration() {
        let declaration = ModuleDeclaration(
            name: "Parking",
            screens: [
                ScreenDeclaration(
                    id: "parking.spot", title: "Spot",
                    commands: [
                        CommandDescription(name: "reserve", summary: "Reserve it", effect: .changes),
                        CommandDescription(name: "release", summary: "Release it", effect: .destroys),
                        CommandDescription(name: "back", summary: "Back"),
                    ])
            ])
        let spec = PluginSpec(
            module: "Parking", command: ["parking-plugin"], configDirectory: "/", timeoutMilliseconds: 1000, logPath: nil,
            configLine: "config.json:1:1: plugins[0]")
        let module = PluginHost().module(spec, declaration: declaration, approval: nil)
        #expect(module.screen("parking.spot")?.effects == ["reserve": .changes, "release": .destroys])
    }
}
