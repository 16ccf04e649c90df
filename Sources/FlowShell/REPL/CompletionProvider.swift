import FlowShellKit
import LineEditor

/// Answers Tab: command names (this screen's and the global ones) for the first word, the
/// declared values of the argument being typed after that, and command names after `help`.
enum CompletionProvider {
    static func complete(_ textBeforeCursor: String, screen: ViewProperties?, links: [String] = []) -> Completion {
        let partial = CommandLineTokenizer.partial(textBeforeCursor)
        let commands = screen?.commands ?? []
        let commandNames = commands.map(\.name) + GlobalCommand.all.map(\.name)
        let candidates: [String]
        if partial.words.isEmpty {
            candidates = commandNames
        } else if partial.words[0] == GlobalCommand.help.name {
            candidates = partial.words.count == 1 ? commandNames : []
        } else if partial.words[0] == GlobalCommand.open.name {
            candidates = partial.words.count == 1 ? links : []
        } else if let command = commands.first(where: { $0.name == partial.words[0] }) {
            let index = partial.words.count - 1
            let positionals = command.positionals
            candidates = index < positionals.count ? positionals[index].values : []
        } else {
            candidates = []
        }
        var completion = Completion.completing(partial.current, among: candidates)
        // A link's prefix (`/cars/`) is completed without a space: its parameter follows.
        if completion.insert.hasSuffix("/ ") { completion.insert.removeLast() }
        if !partial.inQuote {
            // What is inserted must split back into the candidate: escape spaces and quotes.
            completion.insert = completion.insert.hasSuffix(" ")
                ? CommandLineTokenizer.escape(String(completion.insert.dropLast())) + " "
                : CommandLineTokenizer.escape(completion.insert)
        }
        return completion
    }
}
