import FlowShellServe
import GreeterShell

// greeter-serve, what `greeter serve` runs: the flow in a browser, each tab a session of its own,
// or over SSH (serve --ssh), each login one.
await FlowShellServeMain.serve(identity: GreeterShell.identity, modules: GreeterShell.modules)
