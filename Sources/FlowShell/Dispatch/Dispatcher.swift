import FlowCoordinator
import FlowManifest
import FlowShellKit

/// Runs one typed line against a running flow — the one dispatcher of the REPL, the testing
/// harnesses and `replay`: tokenize; run a global command or the top screen's; route the events
/// it emitted; push what changed to the View (``ShellOutput``).
@MainActor
public final class Dispatcher {
    /// What to do after a line.
    public enum Step: Equatable, Sendable {
        /// Read the next line.
        case next
        /// Leave.
        case quit
    }

    /// The running flow.
    public let runtime: FlowRuntime
    private let output: ShellOutput
    private let supervisor: CommandSupervisor
    private let topView: TopScreenView
    /// How many lines have failed so far.
    public private(set) var failures = 0
    /// Why the last line's command failed, when it did (not navigation's messages): what a
    /// harness throws.
    public private(set) var commandFailure: String?
    /// Sees every event a screen emits, before it is routed (the feature harness records them).
    public var onEvents: ([FeatureEvent]) -> Void = { _ in }

    /// A dispatcher that pushes to `output`; `interruptDescriptor` (readable on Ctrl-C) cancels
    /// a running command, and `showsProgress` asks for a progress line when one runs long.
    init(runtime: FlowRuntime, output: ShellOutput, interruptDescriptor: Int32? = nil, showsProgress: Bool = false) {
        self.runtime = runtime
        self.output = output
        supervisor = CommandSupervisor(interruptDescriptor: interruptDescriptor,
                                       showProgress: showsProgress ? { [weak output] in output?.progress($0) } : nil)
        topView = TopScreenView(flow: runtime.flow, output: output)
    }

    /// A dispatcher that pushes to `output`, with no terminal behind it.
    public convenience init(runtime: FlowRuntime, output: ShellOutput) {
        self.init(runtime: runtime, output: output, interruptDescriptor: nil, showsProgress: false)
    }

    private var flow: AppFlowCoordinator { runtime.flow }

    /// Shows the top screen on the View if it is not shown there yet.
    public func showTop() {
        topView.follow()
    }

    /// Runs one typed line and pushes its results to the View.
    public func run(_ line: String) async -> Step {
        commandFailure = nil
        let words: [String]
        do {
            words = try CommandLineTokenizer.words(of: line)
        } catch {
            fail("cannot read that line: \(error.message)")
            return .next
        }
        guard let name = words.first else { return .next }
        let arguments = Array(words.dropFirst())
        if arguments == ["--help"] || arguments == ["-h"], let command = command(named: name) {
            output.usage(CommandUsage(command))
            return .next
        }
        if let global = GlobalCommand.named(name) {
            do {
                return await run(global, try ParsedArguments(arguments, for: global))
            } catch {
                fail(UserFacingError.message(for: error))
                return .next
            }
        }
        guard let top = flow.top else {
            fail("unknown command '\(name)' here — try help")
            return .next
        }
        if let command = flow.configCommands.first(where: { $0.name == name }) {
            do {
                _ = try ParsedArguments(arguments, for: command)
            } catch {
                fail(UserFacingError.message(for: error))
                return .next
            }
            await supervised { await self.flow.runCommand(name) ?? [] }
            return .next
        }
        await supervised {
            let events = try await top.screen.perform(name, arguments: arguments)
            self.onEvents(events)
            self.flow.enqueue(events, from: top)
            return []
        }
        return .next
    }

    /// The command `name` means here: the top screen's, one the config adds to it, or a global one.
    private func command(named name: String) -> CommandDescription? {
        topProperties?.command(named: name) ?? GlobalCommand.named(name)
    }

    /// What the top screen shows, with the commands the config adds to it.
    public var topProperties: ViewProperties? {
        topView.properties
    }

    // MARK: - Global commands

    private func run(_ command: CommandDescription, _ arguments: ParsedArguments) async -> Step {
        switch command.name {
        case GlobalCommand.help.name:
            showHelp(for: arguments.positionals.first)
        case GlobalCommand.back.name:
            await supervised { await self.flow.back() }
        case GlobalCommand.open.name:
            let link = arguments.positionals.first ?? ""
            await supervised { await self.flow.open(link) }
        case GlobalCommand.reload.name:
            await reload()
        case GlobalCommand.home.name:
            await supervised { await self.flow.home() }
        case GlobalCommand.where.name:
            output.stack(topView.stack)
        default:
            return .quit
        }
        return .next
    }

    private func showHelp(for name: String?) {
        let screen = topProperties
        guard let name else {
            output.help(HelpListing(
                screenTitle: screen?.title ?? "",
                screenCommands: (screen?.commands ?? []).map(CommandUsage.init),
                globalCommands: GlobalCommand.all.map(CommandUsage.init)))
            return
        }
        if let command = command(named: name) {
            output.usage(CommandUsage(command))
        } else {
            fail("no command '\(name)' here — try help")
        }
    }

    /// Reads the config again and applies it; what changed is shown.
    public func reload() async {
        let notices = await runtime.reload()
        notices.forEach(show)
        topView.follow()
    }

    // MARK: - Running and showing

    /// Runs a command's work and the navigation it causes as one task that Ctrl-C cancels.
    private func supervised(_ work: @escaping @MainActor () async throws -> [Notice]) async {
        let flow = self.flow
        let result = await supervisor.run { () async throws -> [Notice] in
            do {
                let notices = try await work()
                return notices + (await flow.processEvents())
            } catch {
                // Events emitted before the failure still route.
                _ = await flow.processEvents()
                throw error
            }
        }
        // A plugin that ended during the command: its screens close back to one that works.
        let closed = await runtime.closeStoppedPluginScreens()
        defer { closed.forEach(show) }
        switch result {
        case .success(let notices):
            // Navigation's messages come before the screen it leads to.
            notices.forEach(show)
            topView.follow()
        case .failure(is CancellationError):
            topView.follow()
            show(Notice(.warning, "cancelled"))
        case .failure(let error):
            let message: String
            switch error {
            case let unknown as UnknownCommand: message = "unknown command '\(unknown.name)' here — try help"
            case let error as UserFacingError: message = error.message
            default: message = "the command failed: \(error)"
            }
            topView.follow()
            commandFailure = message
            fail(message)
        }
    }

    /// Shows a notice; an error counts as a failed line.
    public func show(_ notice: Notice) {
        if notice.style == .error { failures += 1 }
        output.notice(notice)
    }

    private func fail(_ message: String) {
        show(Notice(.error, message))
    }
}
