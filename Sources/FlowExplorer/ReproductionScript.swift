extension ExplorationReport.Finding {
    /// The lines that meet this finding again from a fresh session at the root, with comments
    /// saying what it is (`place` is the config's place, `config.json:13:5`) and how to run it
    /// (`replay`, the command line).
    package func reproductionScript(at place: String, replay: String, runAtPrompt: String) -> String {
        var lines = [
            "# \(kind.rawValue) at \(place)" + (path.map { " (\($0))" } ?? ""),
            "# " + message.split(separator: "\n").joined(separator: " "),
            "# These lines meet it again, typed in a fresh session at the root with no data of its own:",
            "#   \(replay)",
            "# or at the prompt of such a session: \(runAtPrompt)",
        ]
        lines += steps
        return lines.joined(separator: "\n") + "\n"
    }
}
