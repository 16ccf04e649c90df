import FlowPluginProtocol
import FlowShellKit
import Foundation

/// Runs feature modules as a plugin executable: the same ``Screen`` types a linked feature
/// registers, served over the plugin protocol on stdin and stdout. A plugin's `main.swift` is
/// one line:
///
/// ```swift
/// await PluginServer.run([FeatureModule(name: "Trips", screens: [TripPlannerScreen.self])])
/// ```
///
/// It says hello, answers `screens` from the modules' registrations, builds a screen on
/// `open`, runs its commands on `command` (each as a task that `cancel` cancels), tells the
/// modules' conditions on `condition` and releases a screen on `close`; it ends when stdin closes.
@MainActor
public final class PluginServer {
    private let modules: [FeatureModule]
    private let services = ServiceContainer()
    private var screens: [Int: any HostedScreen] = [:]
    /// Each open screen's View here: what the screen shows by itself goes to the shell as an
    /// `update` (protocol 1.1); what a request changes goes in its answer instead.
    private var pushers: [Int: UpdatePusher] = [:]
    private var running: [Int: Task<Void, Never>] = [:]
    /// Each module's settings while the plugin runs: its screens and its conditions share
    /// them, as a linked module's do in the shell.
    private var stores: [String: MemoryKeyValueStore] = [:]
    private let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes]
        return encoder
    }()

    private init(modules: [FeatureModule]) {
        self.modules = modules
    }

    /// Serves `modules` until stdin closes; returns the process's exit status (0, or 1 when
    /// the shell speaks another major version or a module's services cannot be set up).
    public static func run(_ modules: [FeatureModule], app: String = "plugin") async -> Int32 {
        let server = PluginServer(modules: modules)
        do {
            // A plugin is one session of its own: its modules' shared and session services are one container.
            for module in modules {
                try module.setUpServices(server.services, AppEnvironment(app: app, dataDirectory: nil))
                try module.setUpSessionServices(server.services, AppEnvironment(app: app, dataDirectory: nil))
            }
        } catch {
            FileHandle.standardError.write(Data("cannot set up the services: \(UserFacingError.message(for: error))\n".utf8))
            return 1
        }
        server.write(PluginMessage.Hello.current)
        for await line in StandardInputLines.stream() {
            if let status = server.handle(line) { return status }
        }
        return 0
    }

    /// Handles one line; an exit status when the server must stop.
    private func handle(_ line: Data) -> Int32? {
        guard let envelope = try? JSONDecoder().decode(PluginMessage.Envelope.self, from: line) else {
            FileHandle.standardError.write(Data("skipped a line that is not a protocol message\n".utf8))
            return nil
        }
        switch envelope.type {
        case "hello":
            guard let hello = try? JSONDecoder().decode(PluginMessage.Hello.self, from: line),
                let version = SemanticVersion(hello.version), version.major == PluginProtocol.version.major
            else {
                FileHandle.standardError.write(
                    Data("the shell speaks another protocol version; this plugin speaks \(PluginProtocol.version)\n".utf8))
                return 1
            }
        case "cancel":
            if let id = envelope.id { running[id]?.cancel() }
        case "request":
            guard let id = envelope.id else { return nil }
            request(id, line)
        default:
            break
        }
        return nil
    }

    private struct Method: Decodable {
        var method: String
    }

    private func request(_ id: Int, _ line: Data) {
        let decoder = JSONDecoder()
        do {
            switch try decoder.decode(Method.self, from: line).method {
            case "screens":
                let declared = modules.map { module in
                    ModuleDeclaration(
                        name: module.name,
                        screens: module.screens.map { registration in
                            ScreenDeclaration(
                                registration, commands: registration.commands.map { CommandDescription(name: $0, summary: "") })
                        }, resolvers: module.resolvers.map { ResolverDeclaration(parameter: $0.parameter, produces: $0.produces) },
                        conditions: module.conditions.map { ConditionDeclaration(name: $0.name, summary: $0.summary) })
                }
                write(PluginMessage.Response(id: id, result: PluginMessage.ScreensResult(modules: declared)))
            case "open":
                let parameters = try decoder.decode(PluginMessage.Request<PluginMessage.OpenParameters>.self, from: line).params
                guard let module = modules.first(where: { $0.screen(parameters.screen) != nil }),
                    let registration = module.screen(parameters.screen)
                else {
                    fail(id, "this plugin has no screen '\(parameters.screen)'")
                    return
                }
                let context = ScreenContext(store: store(of: module.name), services: services)
                run(id) {
                    let screen = try await registration.make(FeatureInput(parameters.input), context)
                    let instance = parameters.instance
                    self.screens[instance] = screen
                    let pusher = UpdatePusher { [weak self] view in
                        self?.write(PluginMessage.Update(instance: instance, view: view))
                    }
                    self.pushers[instance] = pusher
                    screen.bind(view: pusher)
                    screen.open { [weak self] events in
                        self?.write(
                            PluginMessage.Update(
                                instance: instance, view: nil,
                                events: events.map { PluginMessage.Event(name: $0.name, payload: $0.payload) }))
                    }
                    self.write(PluginMessage.Response(id: id, result: PluginMessage.ScreenAnswer(view: screen.viewProperties)))
                    pusher.isAnswering = false
                }
            case "command":
                let parameters = try decoder.decode(PluginMessage.Request<PluginMessage.CommandParameters>.self, from: line).params
                answer(id, on: parameters.instance) { screen in
                    try await screen.perform(parameters.command, arguments: parameters.arguments)
                }
            case "resolve":
                let parameters = try decoder.decode(PluginMessage.Request<PluginMessage.ResolveParameters>.self, from: line).params
                guard let resolver = modules.lazy.flatMap(\.resolvers).first(where: { $0.parameter == parameters.parameter }) else {
                    fail(id, "this plugin looks up no link parameter '\(parameters.parameter)'")
                    return
                }
                run(id) {
                    let value = try await resolver.resolve(parameters.value, self.services)
                    self.write(PluginMessage.Response(id: id, result: PluginMessage.ResolveResult(value: value)))
                }
            case "condition":
                let parameters = try decoder.decode(PluginMessage.Request<PluginMessage.ConditionParameters>.self, from: line).params
                guard let module = modules.first(where: { $0.conditions.contains { $0.name == parameters.name } }),
                    let condition = module.conditions.first(where: { $0.name == parameters.name })
                else {
                    fail(id, "this plugin tells no condition '\(parameters.name)'")
                    return
                }
                let context = ScreenContext(store: store(of: module.name), services: services)
                run(id) {
                    let satisfied = try await condition.isSatisfied(context)
                    self.write(PluginMessage.Response(id: id, result: PluginMessage.ConditionResult(satisfied: satisfied)))
                }
            case "appear":
                let parameters = try decoder.decode(PluginMessage.Request<PluginMessage.AppearParameters>.self, from: line).params
                answer(id, on: parameters.instance) { screen in
                    try await screen.appear()
                    return []
                }
            case "close":
                let parameters = try decoder.decode(PluginMessage.Request<PluginMessage.CloseParameters>.self, from: line).params
                screens[parameters.instance]?.close()
                screens[parameters.instance] = nil
                pushers[parameters.instance] = nil
                write(PluginMessage.Response(id: id, result: PluginMessage.NoParameters()))
            case let method:
                fail(id, "this plugin does not know the request '\(method)'")
            }
        } catch {
            fail(id, "a request this plugin cannot read: \(error)")
        }
    }

    /// Runs a request on an open screen instance (`command`, `appear`) and answers with its view
    /// and the events it emitted; meanwhile what the screen shows goes in the answer, not in an
    /// update.
    private func answer(_ id: Int, on instance: Int, _ work: @escaping @MainActor (any HostedScreen) async throws -> [FeatureEvent]) {
        guard let screen = screens[instance] else {
            fail(id, "no open screen \(instance)")
            return
        }
        let pusher = pushers[instance]
        pusher?.isAnswering = true
        running[id] = Task { @MainActor in
            defer {
                self.running[id] = nil
                pusher?.isAnswering = false
            }
            do {
                let events = try await work(screen)
                let answer = PluginMessage.ScreenAnswer(
                    view: screen.viewProperties,
                    events: events.map { PluginMessage.Event(name: $0.name, payload: $0.payload) })
                self.write(PluginMessage.Response(id: id, result: answer))
            } catch {
                self.fail(id, error)
            }
        }
    }

    /// Runs `work` for the request `id` (a cancel of it cancels the work); what it throws is
    /// the request's error.
    private func run(_ id: Int, _ work: @escaping @MainActor () async throws -> Void) {
        running[id] = Task { @MainActor in
            defer { self.running[id] = nil }
            do {
                try await work()
            } catch {
                self.fail(id, error)
            }
        }
    }

    /// The settings of module `name`, made on first use.
    private func store(of name: String) -> MemoryKeyValueStore {
        if let store = stores[name] { return store }
        let store = MemoryKeyValueStore()
        stores[name] = store
        return store
    }

    private func fail(_ id: Int, _ error: any Error) {
        let failure: PluginMessage.Failure
        switch error {
        case is CancellationError: failure = PluginMessage.Failure(message: "cancelled", code: PluginMessage.Failure.Code.cancelled)
        case let unknown as UnknownCommand:
            failure = PluginMessage.Failure(message: "unknown command '\(unknown.name)'", code: PluginMessage.Failure.Code.unknownCommand)
        default: failure = PluginMessage.Failure(message: UserFacingError.message(for: error))
        }
        write(PluginMessage.Response<PluginMessage.NoParameters>(id: id, error: failure))
    }

    private func fail(_ id: Int, _ message: String) {
        write(PluginMessage.Response<PluginMessage.NoParameters>(id: id, error: PluginMessage.Failure(message: message)))
    }

    private func write<Message: Encodable>(_ message: Message) {
        guard var data = try? encoder.encode(message) else { return }
        data.append(UInt8(ascii: "\n"))
        FileHandle.standardOutput.write(data)
    }
}

/// The View of one screen a plugin serves: what the screen shows by itself (its effects and
/// subscriptions) goes to the shell as an `update`; while a request that shows its view in its
/// answer runs, nothing is pushed.
@MainActor
final class UpdatePusher: View {
    /// Whether a request is being answered (at first: `open`'s).
    var isAnswering = true
    private let push: (ViewProperties) -> Void

    init(push: @escaping (ViewProperties) -> Void) {
        self.push = push
    }

    func update(with viewProperties: ViewProperties) {
        guard !isAnswering else { return }
        push(viewProperties)
    }
}
