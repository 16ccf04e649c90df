import FlowPluginProtocol
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Asks a plugin for its declarations without running it for the flow: starts it, says hello,
/// asks `screens`, and stops it — all within its time limit, synchronously. What `flowshell
/// check` and the shell's start-up do when the declarations' cache has nothing current.
public enum PluginProbe {
    /// The module `spec` names, as the plugin declares it; throws a one-line reason.
    public static func declarations(of spec: PluginSpec, log: PluginLog) throws(PluginProbeError) -> ModuleDeclaration {
        let process: PluginProcess
        do {
            process = try PluginProcess.start(spec, log: log)
        } catch {
            throw PluginProbeError(reason: "cannot start: \(error.reason)")
        }
        let lines = LineQueue()
        process.readOutput { lines.put($0) }
        defer {
            process.closeInput()
            process.killNow()
            lines.waitForEnd()
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let request = PluginMessage.Request(id: 1, method: "screens", params: PluginMessage.NoParameters())
        guard let hello = try? encoder.encode(PluginMessage.Hello.current), let ask = try? encoder.encode(request) else {
            throw PluginProbeError(reason: "cannot encode the hello")
        }
        process.send(Array(hello))
        var deadline = Date(timeIntervalSinceNow: Double(spec.startTimeoutMilliseconds) / 1000)
        var greeted = false
        while true {
            guard let output = lines.take(before: deadline) else {
                throw PluginProbeError(
                    reason: greeted
                        ? "did not answer 'screens' within \(spec.timeoutMilliseconds) ms"
                        : "did not say hello within \(spec.startTimeoutMilliseconds) ms\(log.reference)")
            }
            switch output {
            case .broke(let reason):
                throw PluginProbeError(reason: reason + log.reference)
            case .ended(let status):
                throw PluginProbeError(
                    reason: "exited (\(status)) before \(greeted ? "answering 'screens'" : "saying hello")\(log.reference)")
            case .line(let line):
                switch PluginLine(line) {
                case .hello(let theirs):
                    if let refusal = PluginLine.refusal(of: theirs) { throw PluginProbeError(reason: refusal) }
                    greeted = true
                    deadline = Date(timeIntervalSinceNow: Double(spec.timeoutMilliseconds) / 1000)
                    process.send(Array(ask))
                case .response(1, let data) where greeted:
                    let answer: PluginMessage.Response<PluginMessage.ScreensResult>
                    do {
                        answer = try JSONDecoder().decode(PluginMessage.Response<PluginMessage.ScreensResult>.self, from: data)
                    } catch {
                        throw PluginProbeError(reason: "answered 'screens' wrongly: \(PluginLine.describe(error, in: data))")
                    }
                    if let failure = answer.error { throw PluginProbeError(reason: "refused 'screens': \(failure.message)") }
                    guard let modules = answer.result?.modules else { throw PluginProbeError(reason: "answered 'screens' with no result") }
                    guard let module = modules.first(where: { $0.name == spec.module }) else {
                        let names = modules.map(\.name).joined(separator: ", ")
                        throw PluginProbeError(
                            reason: "provides no module '\(spec.module)'" + (names.isEmpty ? "" : "; it provides \(names)"))
                    }
                    if let problem = module.problem { throw PluginProbeError(reason: problem) }
                    return module
                case .tooDeep:
                    throw PluginProbeError(reason: PluginLine.tooDeepReason + log.reference)
                case .response, .update, .other:
                    log.note("skipped a line that is not an answer expected now: \(PluginLine.excerpt(line))")
                case .stray:
                    log.note("skipped a line that is not a protocol message: \(PluginLine.excerpt(line))")
                }
            }
        }
    }
}

/// Why a plugin's declarations could not be had, in one line.
public struct PluginProbeError: Error, Sendable {
    /// `cannot start: no program 'pythn3' in PATH`.
    public let reason: String
}

/// The lines a reading thread delivers, taken in order by a waiting thread.
final class LineQueue: @unchecked Sendable {
    private let condition = NSCondition()
    private var items: [PluginProcess.Output] = []
    private var ended = false

    func put(_ output: PluginProcess.Output) {
        condition.lock()
        items.append(output)
        if case .ended = output { ended = true }
        condition.broadcast()
        condition.unlock()
    }

    /// The next output, or nil when `deadline` passes first.
    func take(before deadline: Date) -> PluginProcess.Output? {
        condition.lock()
        defer { condition.unlock() }
        while items.isEmpty {
            if !condition.wait(until: deadline) && items.isEmpty { return nil }
        }
        return items.removeFirst()
    }

    /// Waits until the process has been reaped.
    func waitForEnd() {
        condition.lock()
        while !ended { condition.wait() }
        condition.unlock()
    }
}
