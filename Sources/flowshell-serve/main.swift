import CarSharingApp
import FlowShellWeb

// `flowshell serve`: the car-sharing demo in a browser. `linkedFeatureModules` is generated at
// build time from this target's dependencies, as for the terminal's `flowshell`.
await FlowShellWebMain.serve(identity: CarSharing.identity, modules: linkedFeatureModules)
