extension ManifestDecoder {
    /// `examples`: by screen, by command, a list of what to type after the command's name.
    mutating func decodeExamples(_ value: JSONValue?) -> [CommandExamples] {
        let path = JSONPath.root.appending("examples")
        guard let value, let screens = object(value, at: path) else { return [] }
        var examples: [CommandExamples] = []
        for screen in screens {
            let screenPath = path.appending(screen.key)
            guard let commands = object(screen.value, at: screenPath) else { continue }
            for command in commands {
                let commandPath = screenPath.appending(command.key)
                guard let arguments = stringArray([command], command.key, at: screenPath, required: true) else { continue }
                if arguments.isEmpty {
                    error(at: commandPath, "give at least one example of what to type after '\(command.key)', or leave the command out")
                    continue
                }
                // An example is typed as one line, and a finding's script writes it as one: a
                // line break (or any control character) would make it two lines, the second a
                // command nobody wrote as one.
                var typeable = true
                for (index, example) in arguments.enumerated() {
                    guard let control = example.unicodeScalars.first(where: CharacterDescription.breaksALine) else { continue }
                    error(
                        at: commandPath.appending(index),
                        "an example is typed as one line and may not hold \(CharacterDescription.describe(control)); write it without")
                    typeable = false
                }
                guard typeable else { continue }
                examples.append(CommandExamples(screen: screen.key, command: command.key, arguments: arguments, path: commandPath))
            }
        }
        return examples
    }
}
