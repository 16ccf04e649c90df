import FlowShellServe
import NotesShell

// notes-serve, what `notes serve` runs: the flow in a browser, each tab a session of its own,
// or over SSH (serve --ssh), each login one.
await FlowShellServeMain.serve(identity: NotesShell.identity, modules: NotesShell.modules)
