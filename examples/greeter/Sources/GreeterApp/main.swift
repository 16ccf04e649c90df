import FlowShell
import Greeter

// Who this shell is: its name and version (`greeter --version`), the title of its banner,
// its built-in flow, and the folder of its files ($XDG_STATE_HOME/greeter, $XDG_DATA_HOME/greeter).
let identity = ShellIdentity(
    name: "greeter",
    version: "0.1.0",
    title: "Greeter",
    abstract: "Greeter: a shell built on FlowShell.",
    defaultFlow: GreeterFlow.json
)

await FlowShellMain.main(identity: identity, modules: [GreeterModule.module])
