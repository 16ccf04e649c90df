import FlowShell
import FlowShellPostgres
import GreeterShell

// greeter at the terminal: the prompt, and its command line's commands (check, graph, serve, …);
// with --database (or FLOWSHELL_DATABASE), its records in the PostgreSQL its servers share.
await FlowShellMain.main(
    identity: GreeterShell.identity, modules: GreeterShell.modules, database: PostgresDriver())
