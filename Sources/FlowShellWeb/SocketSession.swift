import FlowShellRuntime
import Foundation
import HummingbirdWebSocket

/// One WebSocket's life: opens the tab's session, reads the page's messages (each checked like
/// any input: a bad one ends this session, and only it), runs their lines in order, writes what
/// the View is pushed back in order, and closes the session when the socket goes.
enum SocketSession {
    /// At most this many lines may wait to run; a page that sends more ends its session.
    static let maximumQueuedLines = 64
    /// At most this many messages may wait to be written; a page that does not read them ends
    /// its session rather than making the server hold them.
    static let maximumQueuedMessages = 4096

    static func serve(inbound: WebSocketInboundStream, outbound: WebSocketOutboundWriter, tab: String?, sessions: WebSessions) async {
        let (outgoing, writer) = AsyncStream<Data>.makeStream(bufferingPolicy: .bufferingOldest(maximumQueuedMessages))
        let overflowed = OverflowFlag()
        let send: @Sendable (Data) -> Void = { data in
            if case .dropped(_) = writer.yield(data) { overflowed.set() }
        }
        let writing = Task {
            for await data in outgoing {
                try? await outbound.write(.text(String(decoding: data, as: UTF8.self)))
            }
        }
        let session: WebSession
        do {
            session = try await sessions.open(tab: tab, send: send)
        } catch {
            send(Problem.message(error.reason))
            writer.finish()
            await writing.value
            try? await outbound.close(.policyViolation, reason: "no session")
            return
        }
        let (lines, lineQueue) = AsyncStream<ClientMessage>.makeStream(bufferingPolicy: .bufferingOldest(maximumQueuedLines))
        let running = Task {
            await session.serve(lines)
            // After `quit` the server closes the socket, once what was said has been written.
            if await session.quit {
                writer.finish()
                await writing.value
                try? await outbound.close(.normalClosure, reason: "quit")
            }
        }
        // Whether what the page sent was not a line it may send (1003), or too much of it (1008).
        var refusal: (unacceptable: Bool, reason: String)?
        do {
            for try await message in inbound.messages(maxSize: WebServer.maximumMessageSize) {
                guard case .text(let text) = message else {
                    refusal = (true, "the page sends text messages only")
                    break
                }
                let parsed: ClientMessage
                do {
                    parsed = try ClientMessage.parse(text)
                } catch {
                    refusal = (true, error.reason)
                    break
                }
                if parsed.kind == .complete {
                    // Tab is answered at once, even while a line runs.
                    await session.complete(parsed)
                } else if case .dropped(_) = lineQueue.yield(parsed) {
                    refusal = (false, "more than \(maximumQueuedLines) lines wait to run")
                    break
                }
                if overflowed.isSet {
                    refusal = (false, "the page does not read what it is sent")
                    break
                }
            }
        } catch {
            // The socket failed or a message was too large: the library closes it (1009).
        }
        lineQueue.finish()
        // The page is gone or refused: what runs for it is cancelled, what waits is dropped.
        await session.stop()
        await running.value
        await sessions.close(session)
        if let refusal { send(Problem.message(refusal.reason)) }
        writer.finish()
        await writing.value
        if let refusal { try? await outbound.close(refusal.unacceptable ? .unacceptableData : .policyViolation, reason: refusal.reason) }
    }
}

/// The message that says why a session ended or could not start.
enum Problem {
    private struct Body: Encodable {
        let reason: String
    }

    static func message(_ reason: String) -> Data {
        MachineEncoding().message("closed", Body(reason: reason)) ?? Data()
    }
}

/// A flag one task sets and another reads.
final class OverflowFlag: @unchecked Sendable {
    // Guarded by the lock, hence unchecked.
    private let lock = NSLock()
    private var value = false

    func set() { lock.withLock { value = true } }
    var isSet: Bool { lock.withLock { value } }
}
