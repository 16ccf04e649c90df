import FlowPluginProtocol
import FlowShellKit
import Foundation

/// The plugin of one module: started on first use, started again after it ended, and
/// stopped when the shell leaves.
@MainActor
final class PluginConnection {
    let spec: PluginSpec
    let log: PluginLog
    /// What the plugin was allowed to run when its config was loaded; nil: anything.
    let approval: PluginApproval?
    /// What the flow was checked against: the plugin must declare it when it starts.
    var checked: ModuleDeclaration?
    /// Keeps what the plugin declares instead, for the next check (the declarations' cache).
    var refresh: (@MainActor (ModuleDeclaration) -> Void)?
    private var session: PluginSession?
    /// Told each time a run of the plugin ends, with why (`did not answer 'command' within 500 ms, so it was stopped`).
    var onSessionEnd: (@MainActor (String) -> Void)?
    private var starting: Task<PluginSession, any Error>?
    private var nextInstance = 1

    init(spec: PluginSpec, approval: PluginApproval?) {
        self.spec = spec
        self.approval = approval
        log = PluginLog(path: spec.logPath)
    }

    /// The running plugin, started (and greeted) when it is not running — unless what it runs
    /// changed since it was approved.
    func running() async throws -> PluginSession {
        if let session, session.endReason == nil { return session }
        if let starting { return try await starting.value }
        if let refusal = approval?.refusal(of: spec) {
            throw UserFacingError("plugin \(spec.module) \(refusal)")
        }
        let task = Task { @MainActor [spec, log, checked, refresh] in
            let session = try await PluginSession.start(spec, log: log)
            if let checked { try await Self.verify(session, declares: checked, refresh: refresh) }
            return session
        }
        starting = task
        defer { starting = nil }
        let session = try await task.value
        session.onEnd = { [weak self, weak session] in
            guard let self else { return }
            if self.session === session { self.session = nil }
            self.onSessionEnd?(session?.endReason ?? "stopped")
        }
        // A run that ended before it was watched counts as well.
        if let reason = session.endReason { onSessionEnd?(reason) }
        self.session = session
        return session
    }

    /// Asks a plugin just started for its screens: one that declares something other than what
    /// the flow was checked against (a program changed in place, a cache edited) is stopped
    /// with one message, and what it declares now is kept for the next check.
    private static func verify(
        _ session: PluginSession, declares checked: ModuleDeclaration,
        refresh: (@MainActor (ModuleDeclaration) -> Void)?
    ) async throws {
        let data = try await session.call("screens", PluginMessage.NoParameters())
        let module = (try? JSONDecoder().decode(PluginMessage.Response<PluginMessage.ScreensResult>.self, from: data))?
            .result?.modules.first { $0.name == checked.name }
        guard module != checked else { return }
        if let module { refresh?(module) }
        let reason = "declares other screens than the flow was checked against, so it was stopped"
        session.stop(because: reason)
        throw UserFacingError(
            "plugin \(checked.name) \(reason); \(module == nil ? "" : "what it declares now is kept: ")"
                + "reload (or start the shell again) to check the flow against it\(session.log.reference)")
    }

    /// Looks a link parameter up in the plugin (starting it when it does not run).
    func resolve(_ parameter: String, _ value: String) async throws -> String {
        let result: PluginMessage.ResolveResult = try await answer(
            "resolve", PluginMessage.ResolveParameters(parameter: parameter, value: value), saying: { $0 })
        return result.value
    }

    /// Asks the plugin whether one of its conditions holds (starting it when it does not run),
    /// within its deadline; throws, naming the plugin, when it cannot tell.
    func condition(_ name: String) async throws -> Bool {
        let module = spec.module
        let result: PluginMessage.ConditionResult = try await answer(
            "condition", PluginMessage.ConditionParameters(name: name), saying: { "plugin \(module) says: \($0)" })
        return result.satisfied
    }

    /// Calls `method` of the plugin (starting it when it does not run) and returns its result.
    /// An error it answers is thrown as `saying` puts its message (a cancel as a cancel); an
    /// answer that cannot be read, or holds neither a result nor an error, is said as such.
    private func answer<Parameters: Codable & Sendable, Result: Codable & Sendable>(
        _ method: String, _ parameters: Parameters, saying: (String) -> String
    ) async throws -> Result {
        let session = try await running()
        let data = try await session.call(method, parameters)
        let response: PluginMessage.Response<Result>
        do {
            response = try JSONDecoder().decode(PluginMessage.Response<Result>.self, from: data)
        } catch {
            throw UserFacingError("plugin \(spec.module) answered '\(method)' wrongly: \(PluginLine.describe(error, in: data))")
        }
        if let failure = response.error {
            if failure.code == PluginMessage.Failure.Code.cancelled { throw CancellationError() }
            throw UserFacingError(saying(failure.message))
        }
        guard let result = response.result else {
            throw UserFacingError("plugin \(spec.module) answered '\(method)' with neither a result nor an error")
        }
        return result
    }

    /// A number for a new screen instance, unique for this module while the shell runs.
    func makeInstance() -> Int {
        defer { nextInstance += 1 }
        return nextInstance
    }

    /// The process id of the running plugin, if it runs.
    var processID: Int32? {
        session.flatMap { $0.endReason == nil ? $0.processID : nil }
    }

    /// Kills the plugin's process group now, if it runs (Ctrl-C while the shell leaves).
    func killNow(noting reason: String) {
        session?.killNow(noting: reason)
    }

    /// Stops the plugin, if it runs.
    func shutDown() async {
        if let starting { _ = try? await starting.value }
        await session?.shutDown()
        session = nil
    }
}
