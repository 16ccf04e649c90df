import CarSharingApp
import FlowShell

// `linkedFeatureModules` is generated at build time from this target's dependencies.
await FlowShellMain.main(identity: CarSharing.identity, modules: linkedFeatureModules)
