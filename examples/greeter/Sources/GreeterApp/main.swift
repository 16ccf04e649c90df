import FlowShell
import GreeterShell

// greeter at the terminal: the prompt, and its command line's commands (check, graph, serve, …).
await FlowShellMain.main(identity: GreeterShell.identity, modules: GreeterShell.modules)
