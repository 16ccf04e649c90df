import FlowShell
import NotesShell

// notes at the terminal: the prompt, and its command line's commands (check, graph, serve, …).
await FlowShellMain.main(identity: NotesShell.identity, modules: NotesShell.modules)
