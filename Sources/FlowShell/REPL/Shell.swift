import FlowCoordinator
import FlowManifest
import FlowShellKit
import LineEditor

/// The REPL: reads a line at a prompt that says where the user is, hands it to the
/// ``Dispatcher``, and goes on. Nothing a user types ends it but `quit`, `exit` or the end of input.
@MainActor
final class Shell {
    private let dispatcher: Dispatcher
    private let reader: LineReader
    private let output: ShellOutput
    private let interactive: Bool
    private let promptStyler: TextStyler
    private let hooks: ShellHooks

    /// - Parameter interactive: a person at a terminal (prompt shown), or a script (no prompt noise).
    init(dispatcher: Dispatcher, reader: LineReader, output: ShellOutput, interactive: Bool, colour: Bool,
         hooks: ShellHooks = ShellHooks()) {
        self.dispatcher = dispatcher
        self.reader = reader
        self.output = output
        self.interactive = interactive
        self.promptStyler = TextStyler(colour: colour)
        self.hooks = hooks
    }

    /// Runs until `quit`, `exit` or the end of input; returns how many lines failed.
    func run() async -> Int {
        dispatcher.showTop()
        while true {
            if hooks.configChanged() {
                await dispatcher.reload()
            }
            let prompt = interactive ? PromptBuilder.prompt(layers: dispatcher.runtime.flow.router.layers, styler: promptStyler) : ""
            switch reader.readLine(prompt: prompt) {
            case .end:
                output.endOfInput()
                return dispatcher.failures
            case .interrupted, .woken:
                // Ctrl-C abandons the line; a changed config wakes the prompt to reload.
                output.lineCancelled()
            case .line(let line):
                reader.remember(line)
                let step = await dispatcher.run(line)
                hooks.afterCommand()
                if step == .quit {
                    return dispatcher.failures
                }
            }
        }
    }
}
