import FlowManifest

extension ExplorationReport.Finding {
    /// The lines that meet this finding again from a fresh session at the root, with comments
    /// saying what it is (`place` is the config's place, `config.json:13:5`) and how to run it
    /// (`replay`, the command line).
    package func reproductionScript(at place: String, replay: String, runAtPrompt: String) -> String {
        var lines = [
            "# \(kind.rawValue) at \(place)" + (path.map { " (\($0))" } ?? ""),
            "# " + String(String.UnicodeScalarView(message.unicodeScalars.map { CharacterDescription.breaksALine($0) ? " " : $0 })),
            "# These lines meet it again, typed in a fresh session at the root with no data of its own:",
            "#   \(replay)",
            "# or at the prompt of such a session: \(runAtPrompt)",
        ]
        // Each step is one line of the script: a step that holds a line break (a value a module
        // offers) would become two lines, the second a command nobody typed, so the script
        // stops before it and says why.
        for (index, step) in steps.enumerated() {
            if let breaking = step.unicodeScalars.first(where: CharacterDescription.breaksALine) {
                lines.append(
                    "# step \(index + 1) holds \(CharacterDescription.describe(breaking)), which a line of a script cannot hold: the script stops here"
                )
                break
            }
            lines.append(step)
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
