import ArgumentParser

/// `--allow-plugins`: the one-run opt-in to start a config's plugins without trusting it
/// (for CI and tests), which every command that may start plugins takes.
struct AllowPluginsOption: ParsableArguments {
    @Flag(name: .long, help: "Start the config's plugins in this run even though it is not trusted (see flowshell trust); so does FLOWSHELL_ALLOW_PLUGINS=1.")
    var allowPlugins = false
}
