import FlowShellKit
import FlowShellRuntime
import Foundation

/// A front end that reads lines as JSON (`{"line": "add"}`) and answers each with the session's
/// messages, then `{"type":"done","failed":…}`. Its session is the core, with `echo` (a
/// capability of this front end's own) and an audit of every line (a line handler), driven by
/// the session's loop: each line is fed to it, and its end awaited.
@MainActor
public final class PipeFrontEnd {
    private let session: Session
    private let loop: SessionLoop
    private let write: (String) -> Void
    private var lastID = 0

    /// Starts the counter flow, answering through `write`; `audit` is told each line as it arrives.
    public init(write: @escaping (String) -> Void, audit: @escaping (String) -> Void) async throws {
        let runtime = try await FlowRuntime.start(config: CounterFlow.config, modules: [CounterFlow.module])
        self.write = write
        session = Session(
            runtime: runtime, output: PipeView(write: write), capabilities: [Self.echo],
            handlers: [AuditLog(audit)])
        loop = SessionLoop(session: session)
        session.showTop()
        Task { [loop] in _ = await loop.run { _ in } }
    }

    /// `echo TEXT`: says TEXT back — a global command no FlowShell front end has.
    static let echo = SessionCapability(
        name: "echo",
        commands: [
            GlobalCommand("echo", "Say TEXT back", arguments: [ArgumentDescription("TEXT", takesRest: true)]) { context, call in
                context.view.text([call.arguments.positionals.first ?? ""])
                return .next
            }
        ])

    private struct Request: Decodable {
        let line: String
    }

    /// Answers one line of input; returns false once the session has ended (`quit`).
    public func receive(_ input: String) async -> Bool {
        guard let request = try? JSONDecoder().decode(Request.self, from: Data(input.utf8)) else {
            write(#"{"type":"refused","reason":"a line of input is {\"line\": \"…\"}"}"#)
            return true
        }
        lastID += 1
        // Nil once the session ended (`quit`): no line runs any more.
        let report = await loop.enter(request.line, id: lastID)
        guard case .lineEnded(_, let failed, _, let step)? = report else { return false }
        write(#"{"type":"done","failed":\#(failed)}"#)
        if case .quit = step { return false }
        return true
    }
}

/// A line handler of this front end's own: tells `record` each line, then passes it on.
struct AuditLog: LineHandler {
    let record: (String) -> Void

    init(_ record: @escaping (String) -> Void) {
        self.record = record
    }

    func handle(_ line: String, in context: SessionContext, next: LineHandlerNext) async -> Session.Step {
        record(line)
        return await next(line)
    }
}
