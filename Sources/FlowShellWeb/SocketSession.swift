import FlowShellRuntime
import FlowShellServing
import Foundation
import HummingbirdWebSocket
import NIOWebSocket
import Synchronization

/// One WebSocket's life: its greeting, which must let it in within
/// ``ServingBounds/greetingDeadline``; then the tab's session, which reads the page's messages
/// (each checked like any input: a bad one ends this session, and only it; read no faster than
/// the server's ``TokenBucket`` for messages allows), runs their lines in order, writes what the View is pushed back in
/// order — with this machine's paths taken out — and closes the session when the socket goes.
enum SocketSession {
    /// At most this many lines may wait to run (besides the one running); a page that sends more
    /// ends its session.
    static let maximumQueuedLines = 64
    /// At most this many messages may wait to be written; a page that does not read them ends
    /// its session rather than making the server hold them.
    static let maximumQueuedMessages = 4096

    /// What every socket of the server shares.
    struct Door: Sendable {
        /// Who may come in.
        let access: AccessGuard
        let sessions: WebSessions
        /// What is taken out of every message to a tab.
        let redaction: PathRedaction
    }

    /// Serves one socket until it closes. Throws what the WebSocket library's reading threw
    /// (a message too large, text that is not UTF-8), so that it closes the socket with the
    /// code that says so.
    static func serve(inbound: WebSocketInboundStream, outbound: WebSocketOutboundWriter, door: Door) async throws {
        let greeted = SharedFlag()
        let connection = Task { try await serveGreeted(inbound: inbound, outbound: outbound, door: door, greeted: greeted) }
        // A socket that has not said hello in time is cancelled; its reading then ends.
        let watchdog = Task {
            try? await Task.sleep(for: ServingBounds.greetingDeadline)
            if !greeted.isSet { connection.cancel() }
        }
        defer { watchdog.cancel() }
        try await withTaskCancellationHandler {
            try await connection.value
        } onCancel: {
            connection.cancel()
        }
    }

    /// Why the server closes a socket: the close code, the reason the page is told, and
    /// whether the page needs the printed address (its token or key did not let it in).
    private struct Closing {
        let code: WebSocketErrorCode
        let reason: String
        var door = false
    }

    private static func serveGreeted(
        inbound: WebSocketInboundStream, outbound: WebSocketOutboundWriter, door: Door,
        greeted: SharedFlag
    ) async throws {
        let (outgoing, writer) = AsyncStream<Data>.makeStream(bufferingPolicy: .bufferingOldest(maximumQueuedMessages))
        let overflowed = SharedFlag()
        let redaction = door.redaction
        let send: @Sendable (Data) -> Void = { data in
            if case .dropped(_) = writer.yield(redaction.redacted(data)) { overflowed.set() }
        }
        let closing = Slot<Closing>()
        // Writes in order, then closes the socket if the server ends it; a task of its own, so
        // that it writes even after the reading was cancelled.
        let writing = Task {
            for await data in outgoing {
                try? await outbound.write(.text(String(decoding: data, as: UTF8.self)))
            }
            if let closing = closing.value {
                try? await outbound.close(closing.code, reason: closing.reason)
            }
        }
        func end(_ reason: Closing?) async {
            if let reason {
                send(Problem.message(reason.reason, door: reason.door))
                closing.setIfEmpty(reason)
            }
            writer.finish()
            await writing.value
        }

        var messages = inbound.messages(maxSize: ServingBounds.maximumMessageSize).makeAsyncIterator()
        let greeting: Greeting
        do {
            guard let first = try await messages.next() else {
                await end(Task.isCancelled ? Closing(code: .policyViolation, reason: Self.noGreeting) : nil)
                return
            }
            guard case .text(let text) = first else {
                await end(Closing(code: .unacceptableData, reason: "the page sends text messages only"))
                return
            }
            greeting = try Greeting.parse(text)
        } catch let refusal as ClientMessage.Refusal {
            await end(Closing(code: .policyViolation, reason: refusal.reason))
            return
        } catch {
            await end(Task.isCancelled ? Closing(code: .policyViolation, reason: Self.noGreeting) : nil)
            if Task.isCancelled { return }
            throw error
        }
        guard door.access.admits(greeting) else {
            await end(
                Closing(
                    code: .policyViolation, reason: "this page's token or key is not this server's: open the address the server printed",
                    door: true))
            return
        }
        greeted.set()

        let session: WebSession
        do {
            session = try await door.sessions.open(greeting, send: send)
        } catch {
            await end(Closing(code: .policyViolation, reason: error.reason))
            return
        }
        send(Admission.message(tab: session.tab, key: door.access.key(forTab: session.tab)))
        // How many of the page's lines have not ended yet: the loop reads every message at once.
        let outstanding = BoundedCount()
        let running = Task {
            await session.run { _ in outstanding.leave() }
            // After `quit` the server closes the socket, once what was said has been written.
            if await session.quit {
                closing.setIfEmpty(Closing(code: .normalClosure, reason: "quit"))
                writer.finish()
            }
        }
        var refusal: Closing?
        var failure: (any Error)?
        var rate = TokenBucket(perSecond: ServingBounds.messagesPerSecond, burst: ServingBounds.messageBurst, now: ContinuousClock.now)
        do {
            while let message = try await messages.next() {
                let wait = rate.take(now: ContinuousClock.now)
                if wait > .zero { try await Task.sleep(for: wait) }
                guard case .text(let text) = message else {
                    refusal = Closing(code: .unacceptableData, reason: "the page sends text messages only")
                    break
                }
                let parsed: ClientMessage
                do {
                    parsed = try ClientMessage.parse(text)
                } catch {
                    refusal = Closing(code: .unacceptableData, reason: error.reason)
                    break
                }
                // The tab's loop reads it at once: Tab and cancel are answered even while a line runs.
                if parsed.kind == .run, !outstanding.enter(below: maximumQueuedLines + 1) {
                    refusal = Closing(code: .policyViolation, reason: "more than \(maximumQueuedLines) lines wait to run")
                } else {
                    session.feed.yield(WebSession.input(for: parsed, send: send))
                }
                if refusal != nil { break }
                if overflowed.isSet {
                    refusal = Closing(code: .policyViolation, reason: "the page does not read what it is sent")
                    break
                }
            }
        } catch {
            failure = error
        }
        // The page is gone or refused: what runs for it is cancelled, what waits is dropped.
        session.stop()
        await running.value
        await door.sessions.close(session)
        await end(refusal)
        // The library closes the socket with the code of what its reading threw (1007, 1009…).
        if let failure, !(failure is CancellationError), !Task.isCancelled { throw failure }
    }

    private static let noGreeting = "the page did not say hello within \(ServingBounds.greetingDeadline.components.seconds) seconds"
}

/// The message that lets a tab in: its id and the key it comes back with after a reload.
enum Admission {
    private struct Body: Encodable {
        let tab: String
        let key: String
    }

    static func message(tab: String, key: String) -> Data {
        MachineEncoding().message("admitted", Body(tab: tab, key: key)) ?? Data()
    }
}

/// The message that says why a session ended or could not start; `door` when the page's token
/// or key did not let it in, so that the page asks for the printed address.
enum Problem {
    private struct Body: Encodable {
        let reason: String
        let door: Bool
    }

    static func message(_ reason: String, door: Bool = false) -> Data {
        MachineEncoding().message("closed", Body(reason: reason, door: door)) ?? Data()
    }
}

/// A flag one task sets and another reads.
final class SharedFlag: Sendable {
    private let value = Mutex(false)

    func set() { value.withLock { $0 = true } }
    var isSet: Bool { value.withLock { $0 } }
}

/// A value one task sets once and another reads.
final class Slot<Value: Sendable>: Sendable {
    private let stored = Mutex<Value?>(nil)

    /// Keeps `value` unless one is kept already.
    func setIfEmpty(_ value: Value) { stored.withLock { if $0 == nil { $0 = value } } }
    var value: Value? { stored.withLock { $0 } }
}
