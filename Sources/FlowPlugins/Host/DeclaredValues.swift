import FlowShellKit

/// A plugin command's words held to the values its arguments declare (`fp.arg(…, values=…)`,
/// `fp.choice`, an option's `values`): a word that is none of them is refused before the plugin
/// is asked, as a linked screen's choice is, with the command's usage. An argument that
/// declares no values takes any word; a rest argument (`rest=True`) takes free text, its
/// values only offered by Tab.
enum DeclaredValues {
    /// Throws the refusal for the first word of `parsed` that its argument of `command` does not declare.
    static func check(_ parsed: ParsedArguments, for command: CommandDescription) throws(UserFacingError) {
        for (position, argument) in command.positionals.enumerated() where position < parsed.positionals.count && !argument.takesRest {
            try check(parsed.positionals[position], named: argument.name, among: argument.values, usage: command.usage)
        }
        for argument in command.arguments where argument.kind == .option {
            if let value = parsed.options[argument.name] {
                try check(value, named: "--\(argument.name)", among: argument.values, usage: command.usage)
            }
        }
    }

    private static func check(_ word: String, named name: String, among values: [String], usage: String) throws(UserFacingError) {
        guard !values.isEmpty, !values.contains(word) else { return }
        throw UserFacingError("\(name) must be \(list(values)), not '\(word)' — usage: \(usage)")
    }

    /// `a`, `a or b`, `a, b or c`.
    private static func list(_ values: [String]) -> String {
        guard values.count > 1, let last = values.last else { return values.first ?? "" }
        return values.dropLast().joined(separator: ", ") + " or " + last
    }
}
