import FlowShellWeb
import NotesShell

// notes-serve, what `notes serve` runs: the flow in a browser, each tab a session of its own.
await FlowShellWebMain.serve(identity: NotesShell.identity, modules: NotesShell.modules)
