import FlowPluginProtocol
import FlowShellKit
import Foundation

/// One running plugin process, spoken to over the protocol: its hello, its requests with ids
/// and deadlines, their cancellation, and its end. What its reading thread reads goes through a
/// ``PluginInbox`` (which coalesces a flood of updates) to the main actor, which routes each
/// answer to the request with its id, so any number of requests may wait at once and a slow
/// one blocks none.
@MainActor
final class PluginSession {
    /// How long a plugin has to answer a `cancel` before it is killed.
    static let cancelGrace = Duration.seconds(1)
    /// How long a plugin has to exit after its stdin closes when the shell leaves.
    static let exitGrace = Duration.seconds(1)

    private struct Pending {
        let method: String
        let continuation: CheckedContinuation<Data, any Error>
        var cancelling = false
        var timer: Task<Void, Never>?
    }

    let spec: PluginSpec
    let log: PluginLog
    private let process: PluginProcess
    private let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes]
        return encoder
    }()
    private var pending: [Int: Pending] = [:]
    /// Requests whose answers nobody waits for (`close`).
    private var unawaited: Set<Int> = []
    private var nextID = 1
    private var greeting: CheckedContinuation<Void, any Error>?
    private var greetingTimer: Task<Void, Never>?
    private var greeted = false
    private var killReason: String?
    private var endWaiters: [CheckedContinuation<Void, Never>] = []
    /// Why the plugin is no longer running (nil while it runs).
    private(set) var endReason: String?
    /// Called once when the process has ended.
    var onEnd: (() -> Void)?
    /// The optional parts the plugin said it understands in its hello (`cancel`, `appear`).
    private(set) var features: Set<String> = []
    /// Where each open screen instance's updates go (protocol 1.1).
    private var updateHandlers: [Int: (Data) -> Void] = [:]

    /// Sends the `update`s the plugin pushes for `instance` to `handler`, until ``stopUpdates(of:)``.
    func onUpdate(of instance: Int, _ handler: @escaping (Data) -> Void) {
        updateHandlers[instance] = handler
    }

    /// Forgets the updates of a closed instance.
    func stopUpdates(of instance: Int) {
        updateHandlers[instance] = nil
    }

    private init(spec: PluginSpec, log: PluginLog, process: PluginProcess) {
        self.spec = spec
        self.log = log
        self.process = process
    }

    /// The process id.
    var processID: Int32 { process.pid }

    /// Starts the plugin and exchanges hellos within its time limit.
    static func start(_ spec: PluginSpec, log: PluginLog) async throws -> PluginSession {
        let process: PluginProcess
        do {
            process = try PluginProcess.start(spec, log: log)
        } catch {
            throw UserFacingError("plugin \(spec.module) cannot start: \(error.reason)")
        }
        log.note("started \(spec.arguments.joined(separator: " ")) as process \(process.pid)")
        let session = PluginSession(spec: spec, log: log, process: process)
        let inbox = PluginInbox { inbox in
            Task { @MainActor in session.receive(from: inbox) }
        }
        process.readOutput { output in inbox.add(output) }
        try await session.greet()
        return session
    }

    private func greet() async throws {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            greeting = continuation
            send(PluginMessage.Hello.current)
            greetingTimer = Task { @MainActor [weak self, spec] in
                try? await Task.sleep(for: .milliseconds(spec.startTimeoutMilliseconds))
                guard !Task.isCancelled else { return }
                self?.stop(because: "did not say hello within \(spec.startTimeoutMilliseconds) ms")
            }
        }
    }

    // MARK: - Requests

    /// Sends a request and waits for its answer line. Past the deadline the plugin is killed;
    /// when the calling task is cancelled (Ctrl-C) the plugin is sent `cancel`, and killed if
    /// it has not answered within ``cancelGrace``.
    func call<Parameters: Codable & Sendable>(_ method: String, _ parameters: Parameters) async throws -> Data {
        if let endReason { throw stopped(endReason) }
        let id = nextID
        nextID += 1
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Data, any Error>) in
                pending[id] = Pending(method: method, continuation: continuation)
                pending[id]?.timer = expiry(of: id, after: spec.timeout)
                send(PluginMessage.Request(id: id, method: method, params: parameters))
            }
        } onCancel: {
            Task { @MainActor in self.cancel(id) }
        }
    }

    /// Sends a request whose answer nobody waits for.
    func notify<Parameters: Codable & Sendable>(_ method: String, _ parameters: Parameters) {
        guard endReason == nil else { return }
        let id = nextID
        nextID += 1
        unawaited.insert(id)
        send(PluginMessage.Request(id: id, method: method, params: parameters))
    }

    private func cancel(_ id: Int) {
        guard var request = pending[id], !request.cancelling else { return }
        request.cancelling = true
        request.timer?.cancel()
        request.timer = expiry(of: id, after: Self.cancelGrace)
        pending[id] = request
        log.note("cancelling request \(id) ('\(request.method)')")
        send(PluginMessage.Cancel(id: id))
    }

    private func expiry(of id: Int, after delay: Duration) -> Task<Void, Never> {
        Task { @MainActor [weak self] in
            try? await Task.sleep(for: delay)
            guard !Task.isCancelled, let self, let request = self.pending[id] else { return }
            self.stop(
                because: request.cancelling
                    ? "did not stop '\(request.method)' when cancelled, so it was stopped"
                    : "did not answer '\(request.method)' within \(self.spec.timeoutMilliseconds) ms, so it was stopped")
        }
    }

    private func send<Message: Encodable>(_ message: Message) {
        guard let line = try? encoder.encode(message) else { return }
        // A plugin that has ended cannot read; its end is reported by the reading task.
        if process.send(Array(line)) == .stalled {
            stop(because: "does not read what the shell sends, so it was stopped")
        }
    }

    // MARK: - What the plugin writes

    /// Takes in order what the plugin wrote until its inbox is empty.
    private func receive(from inbox: PluginInbox) {
        while case let outputs = inbox.take(), !outputs.isEmpty {
            outputs.forEach(receive)
        }
    }

    private func receive(_ output: PluginProcess.Output) {
        switch output {
        case .line(let line):
            receive(line)
        case .broke(let reason):
            if killReason == nil, endReason == nil {
                killReason = reason
                log.note(reason)
            }
        case .ended(let status):
            end(status)
        }
    }

    private func receive(_ line: [UInt8]) {
        switch PluginLine(line) {
        case .hello(let hello) where !greeted:
            greetingTimer?.cancel()
            if let refusal = PluginLine.refusal(of: hello) {
                stop(because: refusal)
                return
            }
            greeted = true
            features = Set(hello.features)
            greeting?.resume()
            greeting = nil
        case .response(let id, let data) where greeted:
            if let request = pending.removeValue(forKey: id) {
                request.timer?.cancel()
                request.continuation.resume(returning: data)
            } else if unawaited.remove(id) == nil {
                log.note("skipped an answer to no request waiting (id \(id)): \(PluginLine.excerpt(line))")
            }
        case .update(let instance, let data) where greeted:
            if let handler = updateHandlers[instance] {
                handler(data)
            } else {
                log.note("skipped an update of no open screen (instance \(instance))")
            }
        case .tooDeep:
            stop(because: PluginLine.tooDeepReason)
        case .hello, .response, .update, .other:
            log.note("skipped a message not expected now: \(PluginLine.excerpt(line))")
        case .stray:
            log.note("skipped a line that is not a protocol message: \(PluginLine.excerpt(line))")
        }
    }

    /// Kills the plugin; everything waiting on it fails with `reason`.
    func stop(because reason: String) {
        guard endReason == nil, killReason == nil else { return }
        killReason = reason
        log.note(reason)
        process.killNow()
    }

    private func end(_ status: PluginProcess.ExitStatus) {
        let reason = killReason ?? (greeted ? "stopped (\(status))" : "exited (\(status)) before saying hello")
        endReason = reason
        log.note("ended: \(status)")
        greetingTimer?.cancel()
        greeting?.resume(throwing: stopped(reason))
        greeting = nil
        let waiting = pending
        pending.removeAll()
        for request in waiting.values {
            request.timer?.cancel()
            request.continuation.resume(throwing: stopped(reason))
        }
        endWaiters.forEach { $0.resume() }
        endWaiters.removeAll()
        onEnd?()
        onEnd = nil
    }

    /// The error every request of an ended plugin gets, in one line.
    func stopped(_ reason: String) -> UserFacingError {
        UserFacingError(
            "plugin \(spec.module) \(reason)\(greeted ? "; its screens are closed, and it starts again when next used" : "")\(log.reference)"
        )
    }

    /// Ends the plugin politely: closes its stdin, then kills its process group if it has not
    /// exited within ``exitGrace`` (or at once, on ``killNow(noting:)``); returns once it has
    /// been reaped.
    func shutDown() async {
        guard endReason == nil else { return }
        killReason = killReason ?? "was stopped as the shell left"
        process.closeInput()
        let timer = Task { @MainActor [weak self] in
            try? await Task.sleep(for: Self.exitGrace)
            guard !Task.isCancelled, let self, self.endReason == nil else { return }
            self.log.note("did not exit within \(Self.exitGrace) of its stdin closing, so its process group was killed")
            self.process.killNow()
        }
        await withCheckedContinuation { endWaiters.append($0) }
        timer.cancel()
    }

    /// Kills the plugin's process group now, noting `reason` in its log; what waits for its
    /// end (``shutDown()``) returns once it is reaped.
    func killNow(noting reason: String) {
        guard endReason == nil else { return }
        log.note(reason)
        process.killNow()
    }
}
