import FlowShellWeb
import GreeterShell

// greeter-serve, what `greeter serve` runs: the flow in a browser, each tab a session of its own.
await FlowShellWebMain.serve(identity: GreeterShell.identity, modules: GreeterShell.modules)
