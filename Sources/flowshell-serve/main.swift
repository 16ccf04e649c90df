import CarSharingApp
import FlowShellServe

// `flowshell serve`: the car-sharing demo in a browser, or over SSH (serve --ssh).
// `linkedFeatureModules` is generated at build time from this target's dependencies, as for the
// terminal's `flowshell`.
await FlowShellServeMain.serve(identity: CarSharing.identity, modules: linkedFeatureModules)
