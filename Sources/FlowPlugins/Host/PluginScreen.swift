import FlowPluginProtocol
import FlowShellKit
import Foundation

/// A screen that lives in a plugin, as the flow holds it: opening it sends `open`, each
/// command sends `command` and returns the events the plugin says the screen emitted (checked
/// against its declaration), showing it again sends `appear` (to a plugin that understands it),
/// an `update` the plugin sends changes it by itself, and closing it sends `close` at once. When its plugin has ended, its
/// commands fail with one line, and the shell closes it.
@MainActor
final class PluginScreen: HostedScreen {
    let featureID: String
    private(set) var viewProperties: ViewProperties
    private weak var view: (any View)?
    private let declaration: ScreenDeclaration
    private let session: PluginSession
    private let instance: Int
    private var closed = false
    /// Where the events the plugin sends unasked (with an update, or an appear) go.
    private var backgroundEvents: (@MainActor ([FeatureEvent]) -> Void)?

    private init(declaration: ScreenDeclaration, session: PluginSession, instance: Int, view: ViewProperties) {
        featureID = declaration.id
        self.declaration = declaration
        self.session = session
        self.instance = instance
        viewProperties = view
    }

    deinit {
        // A screen dropped without being closed (a plan that failed after building it).
        guard !closed else { return }
        let session = self.session
        let instance = self.instance
        Task { @MainActor in session.notify("close", PluginMessage.CloseParameters(instance: instance)) }
    }

    /// Tells the plugin at once that the screen closed.
    func close() {
        guard !closed else { return }
        closed = true
        session.stopUpdates(of: instance)
        session.notify("close", PluginMessage.CloseParameters(instance: instance))
    }

    /// Takes the updates the plugin pushes for this screen (protocol 1.1).
    func open(sendingEvents events: @escaping @MainActor ([FeatureEvent]) -> Void) {
        backgroundEvents = events
        session.onUpdate(of: instance) { [weak self] data in self?.receiveUpdate(data) }
    }

    /// Asks a plugin that understands `appear` for the screen's view now.
    func appear() async throws {
        guard session.features.contains("appear") else { return }
        if let reason = session.endReason { throw session.stopped(reason) }
        let answer = try await Self.ask(session, "appear", PluginMessage.AppearParameters(instance: instance), screen: viewProperties.title)
        show(answer.view, events: answer.events)
    }

    /// An `update` line of this screen.
    private func receiveUpdate(_ data: Data) {
        guard !closed else { return }
        do {
            let update = try JSONDecoder().decode(PluginMessage.Update.self, from: data)
            show(update.view, events: update.events)
        } catch {
            session.log.note("skipped a wrong update of \(featureID): \(PluginLine.describe(error, in: data))")
        }
    }

    /// A new view and events the plugin sent unasked: the view is pushed when it changed, and
    /// each declared event goes to the flow (an undeclared one is noted in the log).
    private func show(_ view: ViewProperties?, events: [PluginMessage.Event]) {
        if let view {
            let before = viewProperties
            adopt(view)
            if viewProperties != before { self.view?.update(with: viewProperties) }
        }
        let routed = events.compactMap { try? checked($0) }
        if !routed.isEmpty { backgroundEvents?(routed) }
    }

    /// Opens the screen `declaration` describes in the plugin `connection` runs (starting it
    /// when it does not run), with `input`.
    static func open(_ declaration: ScreenDeclaration, input: FeatureInput, connection: PluginConnection) async throws -> PluginScreen {
        let session = try await connection.running()
        let instance = connection.makeInstance()
        let answer = try await ask(
            session, "open", PluginMessage.OpenParameters(instance: instance, screen: declaration.id, input: input.values),
            screen: declaration.title)
        if !answer.events.isEmpty {
            session.log.note("screen \(declaration.id) emitted events while opening; they are ignored")
        }
        let screen = PluginScreen(
            declaration: declaration, session: session, instance: instance,
            view: ViewProperties(title: declaration.title, commands: declaration.commands))
        if let view = answer.view { screen.adopt(view) }
        return screen
    }

    /// Whether its plugin still runs.
    var isRunning: Bool { session.endReason == nil }

    func bind(view: (any View)?) {
        self.view = view
        view?.update(with: viewProperties)
    }

    func perform(_ name: String, arguments: [String]) async throws -> [FeatureEvent] {
        if let reason = session.endReason { throw session.stopped(reason) }
        guard let command = viewProperties.command(named: name) else { throw UnknownCommand(name: name) }
        try DeclaredValues.check(try ParsedArguments(arguments, for: command), for: command)
        let answer = try await Self.ask(
            session, "command", PluginMessage.CommandParameters(instance: instance, command: name, arguments: arguments),
            screen: viewProperties.title, command: name)
        if let view = answer.view {
            let before = viewProperties
            adopt(view)
            if viewProperties != before { self.view?.update(with: viewProperties) }
        }
        return try answer.events.map(checked)
    }

    /// A view from the plugin; one that lists no commands keeps the declared ones. A view lists
    /// the declared commands the user may type now: one it lists that the screen does not
    /// declare (named like `back`, say) is left out, and noted in the log, as what the flow
    /// checked and offers are the declared commands.
    private func adopt(_ view: ViewProperties) {
        var view = view
        if view.commands.isEmpty {
            view.commands = declaration.commands
        } else {
            let declared = Set(declaration.commands.map(\.name))
            let undeclared = view.commands.map(\.name).filter { !declared.contains($0) }
            if !undeclared.isEmpty {
                session.log.note(
                    "screen \(featureID) listed commands it does not declare, which are left out: \(undeclared.joined(separator: ", "))")
                view.commands.removeAll { !declared.contains($0.name) }
            }
        }
        viewProperties = view
    }

    /// An emitted event, if the screen declares it with its payload keys.
    private func checked(_ event: PluginMessage.Event) throws -> FeatureEvent {
        guard let declared = declaration.events.first(where: { $0.name == event.name }) else {
            let known = declaration.events.map(\.name)
            session.log.note("screen \(featureID) emitted '\(event.name)', which it does not declare")
            throw UserFacingError(
                "plugin \(session.spec.module): screen '\(featureID)' emitted '\(event.name)', which it does not declare"
                    + (known.isEmpty ? " (it declares no events)" : " (it declares \(known.joined(separator: ", ")))") + "; nothing changed"
            )
        }
        if let missing = declared.payload.first(where: { event.payload[$0] == nil }) {
            throw UserFacingError(
                "plugin \(session.spec.module): event '\(event.name)' of '\(featureID)' lacks its payload key '\(missing)'; nothing changed"
            )
        }
        return FeatureEvent(event.name, payload: event.payload)
    }

    /// Sends a request and decodes its answer. The answer's line is let go here, before what it
    /// holds is shown: a large view is then not held twice.
    private static func ask<Parameters: Codable & Sendable>(
        _ session: PluginSession, _ method: String, _ parameters: Parameters,
        screen: String, command: String? = nil
    ) async throws -> PluginMessage.ScreenAnswer {
        let data = try await session.call(method, parameters)
        return try decode(data, method: method, screen: screen, command: command, session: session)
    }

    /// The answer in a response line, or the error it carries as the shell reports it; a line
    /// that is not a right answer is said in the user's words, with the title of the `screen` it
    /// was for and the path of the field that is wrong.
    private static func decode(
        _ data: Data, method: String, screen: String, command: String?,
        session: PluginSession
    ) throws -> PluginMessage.ScreenAnswer {
        let response: PluginMessage.Response<PluginMessage.ScreenAnswer>
        do {
            response = try ScreenAnswerDecoder.decode(data)
        } catch {
            let problem = PluginLine.describe(error, in: data)
            session.log.note("a wrong answer to '\(method)' of screen '\(screen)': \(problem)")
            throw UserFacingError("plugin \(session.spec.module)'s screen '\(screen)' answered '\(method)' wrongly: \(problem)")
        }
        if let failure = response.error {
            switch failure.code {
            case PluginMessage.Failure.Code.cancelled: throw CancellationError()
            case PluginMessage.Failure.Code.unknownCommand: throw UnknownCommand(name: command ?? method)
            default: throw UserFacingError(failure.message)
            }
        }
        guard let answer = response.result else {
            throw UserFacingError("plugin \(session.spec.module) answered '\(method)' with neither a result nor an error")
        }
        return answer
    }
}
