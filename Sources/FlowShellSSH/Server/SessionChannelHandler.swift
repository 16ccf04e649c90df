import FlowShellKit
import LineEditor
import NIOCore
import NIOPosix
import NIOSSH
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One SSH session channel, on its connection's event loop: it answers the client's requests —
/// a terminal (`pty-req`), then `shell`; or `exec` with a line — and relays the session's bytes.
/// A shell's session runs on a pseudo-terminal whose server side this channel reads
/// (``TerminalRelay``) and writes what the client types to; the session itself (the REPL, on the
/// main actor) is ``SSHSessions``'. A Ctrl-C typed while a command runs is taken out of the
/// bytes here and cancels that command, since nothing on the terminal takes signals.
final class SessionChannelHandler: ChannelInboundHandler {
    typealias InboundIn = SSHChannelData
    typealias OutboundOut = SSHChannelData

    /// The terminal the client asked for.
    private struct Window {
        var type: String
        var columns: Int
        var rows: Int
    }

    private enum Phase {
        /// No shell or command asked for yet.
        case waiting
        /// A shell on a pseudo-terminal, whose server side is `server`.
        case terminal(server: Int32)
        /// A command (`exec`), whose output comes through ``send(_:toStandardError:)``.
        case command
        /// The session was refused or has ended.
        case ended
    }

    private let connection: SSHConnection
    private var server: SSHServerState { connection.server }
    private var context: ChannelHandlerContext?
    private var window: Window?
    private var phase = Phase.waiting
    /// The session's number, once it opened.
    private var session: Int?
    /// The channel on the terminal's server side, once made; what the client typed before waits.
    private var relay: Channel?
    private var typedAhead: [ByteBuffer] = []
    private var control: LineReaderControl?
    private var exitStatus: Int32?
    private var terminalGone = false
    /// What was sent to the client and not yet taken by it, in bytes.
    private var unread = 0
    private var lastInput = NIODeadline.now()
    private var idleCheck: Scheduled<Void>?
    private var fallbackClose: Scheduled<Void>?

    init(connection: SSHConnection) {
        self.connection = connection
    }

    func handlerAdded(context: ChannelHandlerContext) {
        self.context = context
        // A client that closes its input (stdin at its end) still gets the output and the status.
        context.channel.setOption(ChannelOptions.allowRemoteHalfClosure, value: true).whenFailure { _ in }
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        self.context = nil
    }

    func channelInactive(context: ChannelHandlerContext) {
        idleCheck?.cancel()
        fallbackClose?.cancel()
        relay?.close(promise: nil)
        if let session {
            connection.sessionEnded()
            // A session that said its status has ended: hanging it up would only leave its
            // number among those whose client left before they began, for good.
            if exitStatus == nil {
                let sessions = server.sessions
                Task { @MainActor in sessions.hangUp(session) }
            }
        }
        phase = .ended
        context.fireChannelInactive()
    }

    // MARK: - Requests

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        switch event {
        case let request as SSHChannelRequestEvent.PseudoTerminalRequest:
            guard case .waiting = phase else { return reply(false, wanted: request.wantReply) }
            // A client whose input is not a terminal (ssh -tt < file) asks for 0 × 0.
            window = Window(
                type: request.term, columns: Self.fitted(request.terminalCharacterWidth, or: 80),
                rows: Self.fitted(request.terminalRowHeight, or: 24))
            reply(true, wanted: request.wantReply)
        case let request as SSHChannelRequestEvent.ShellRequest:
            guard case .waiting = phase else { return reply(false, wanted: request.wantReply) }
            reply(true, wanted: request.wantReply)
            startShell()
        case let request as SSHChannelRequestEvent.ExecRequest:
            guard case .waiting = phase else { return reply(false, wanted: request.wantReply) }
            reply(true, wanted: request.wantReply)
            startCommand(request.command)
        case let request as SSHChannelRequestEvent.WindowChangeRequest:
            guard var window else { return }
            window.columns = Self.fitted(request.terminalCharacterWidth, or: window.columns)
            window.rows = Self.fitted(request.terminalRowHeight, or: window.rows)
            self.window = window
            if case .terminal(let server) = phase {
                PseudoTerminalPair.resize(server: server, columns: window.columns, rows: window.rows)
                control?.windowResized()
            }
        case let request as SSHChannelRequestEvent.SignalRequest:
            // `INT` is Ctrl-C sent as a signal: the command in the foreground is cancelled.
            if request.signal == "INT", let session {
                let sessions = server.sessions
                Task { @MainActor in sessions.interrupt(session) }
            }
        case let request as SSHChannelRequestEvent.EnvironmentRequest:
            // The server's environment is not the client's to set.
            reply(false, wanted: request.wantReply)
        case let request as SSHChannelRequestEvent.SubsystemRequest:
            reply(false, wanted: request.wantReply)
        case ChannelEvent.inputClosed:
            // The client's input ended (ssh -tt < FILE): as Ctrl-D at the terminal, once what it
            // sent before is read.
            if case .terminal = phase { typed(ByteBuffer(bytes: [0x04])) }
        case is ServerStopping:
            end(saying: "\r\nThe server is stopping; this session ends.\r\n")
        default:
            context.fireUserInboundEventTriggered(event)
        }
    }

    /// What the server tells each session's channel when it stops.
    struct ServerStopping {}

    private func reply(_ success: Bool, wanted: Bool) {
        guard wanted, let context else { return }
        if success {
            context.triggerUserOutboundEvent(ChannelSuccessEvent(), promise: nil)
        } else {
            context.triggerUserOutboundEvent(ChannelFailureEvent(), promise: nil)
        }
    }

    /// A window's side as the client gave it, within bounds; `fallback` for 0.
    private static func fitted(_ value: Int, or fallback: Int) -> Int {
        value <= 0 ? fallback : min(value, SSHBounds.largestWindow)
    }

    /// Opens a session here, or refuses with a message to the client; its number.
    private func openSession() -> Int? {
        guard let context, connection.user != nil else { return nil }
        guard connection.openSession() else {
            refuse("This connection has \(SSHBounds.sessionsPerConnection) sessions open, as many as one connection may.\r\n")
            return nil
        }
        switch server.openSession(on: context.channel) {
        case .success(let id):
            session = id
            armIdleCheck()
            return id
        case .failure(.full(let count)):
            connection.sessionEnded()
            refuse("This server has \(count) sessions open, as many as it takes; try again later.\r\n")
        case .failure(.stopping):
            connection.sessionEnded()
            refuse("The server is stopping.\r\n")
        }
        return nil
    }

    private func startShell() {
        guard let window else {
            return refuse("This server shows the flow on a terminal: run ssh without -T, or give it a line to run (ssh HOST where).\r\n")
        }
        guard let context, let id = openSession(), let user = connection.user else { return }
        guard let terminal = PseudoTerminalPair.open(columns: window.columns, rows: window.rows) else {
            let reason = String(cString: strerror(errno))
            server.sessionEnded(id)
            session = nil
            connection.sessionEnded()
            return refuse("The server cannot open a terminal for this session (\(reason)).\r\n")
        }
        phase = .terminal(server: terminal.server)
        let handler = NIOLoopBound(self, eventLoop: context.eventLoop)
        // NIO closes both descriptors with the relay's channel; the copy keeps close-on-exec (a
        // plugin started meanwhile must not hold the terminal open).
        let copy = fcntl(terminal.server, F_DUPFD_CLOEXEC, 0)
        NIOPipeBootstrap(group: context.eventLoop)
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(TerminalRelay(session: handler))
                }
            }
            .takingOwnershipOfDescriptors(input: terminal.server, output: copy)
            .assumeIsolated()
            .whenComplete { [self] result in
                switch result {
                case .success(let channel):
                    relay = channel
                    for buffer in typedAhead { channel.write(buffer, promise: nil) }
                    typedAhead = []
                    channel.flush()
                    if case .ended = phase { channel.close(promise: nil) }
                case .failure:
                    close(terminal.server)
                    close(copy)
                    terminalGone = true
                    self.context?.close(promise: nil)
                }
            }
        let state = server
        let link = SessionLink(handler)
        Task { @MainActor in
            await state.sessions.runTerminal(id, user: user, terminal: terminal.terminal, type: window.type, link: link)
            state.sessionEnded(id)
        }
    }

    private func startCommand(_ line: String) {
        guard let context, let id = openSession(), let user = connection.user else { return }
        phase = .command
        let state = server
        let link = SessionLink(NIOLoopBound(self, eventLoop: context.eventLoop))
        let columns = window?.columns
        let terminalType = window?.type
        Task { @MainActor in
            await state.sessions.runCommand(id, user: user, line: line, columns: columns, terminalType: terminalType, link: link)
            state.sessionEnded(id)
        }
    }

    /// Tells the client why there is no session, and ends the channel with status 1.
    private func refuse(_ message: String) {
        phase = .ended
        send(Array(message.utf8), toStandardError: true)
        sendExitStatusAndClose(1)
    }

    // MARK: - What the client types

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let data = unwrapInboundIn(data)
        // Only the channel's own data is typing (a client sends no standard error).
        guard case .channel = data.type, case .byteBuffer(let buffer) = data.data else { return }
        lastInput = .now()
        guard case .terminal = phase else { return }
        typed(buffer)
    }

    /// Passes typed bytes to the terminal; a Ctrl-C (or Ctrl-\) typed while a command runs is
    /// taken out and cancels the command instead (at the prompt the line editor takes it).
    private func typed(_ buffer: ByteBuffer) {
        var buffer = buffer
        if control?.isReadingLine != true, buffer.readableBytesView.contains(where: { $0 == 0x03 || $0 == 0x1C }) {
            buffer = ByteBuffer(bytes: buffer.readableBytesView.filter { $0 != 0x03 && $0 != 0x1C })
            if let session {
                let sessions = server.sessions
                Task { @MainActor in sessions.interrupt(session) }
            }
        }
        guard buffer.readableBytes > 0 else { return }
        if let relay {
            relay.writeAndFlush(buffer, promise: nil)
        } else {
            typedAhead.append(buffer)
        }
    }

    /// Whether the terminal takes more typing now: while it does not, the client's typing waits
    /// in the SSH channel, whose window then closes (the client stops sending).
    func terminalAccepts(_ accepts: Bool) {
        guard let context else { return }
        context.channel.setOption(ChannelOptions.autoRead, value: accepts).whenFailure { _ in }
        // An SSH channel does not read again by itself when its reads are turned back on.
        if accepts { context.read() }
    }

    // MARK: - What the session shows

    /// The session reads its lines with `control`'s editor.
    func attach(_ control: LineReaderControl) {
        self.control = control
    }

    /// What the session showed on its terminal.
    func terminalShowed(_ buffer: ByteBuffer) {
        deliver(SSHChannelData(type: .channel, data: .byteBuffer(buffer)), count: buffer.readableBytes)
    }

    /// A command's output or errors.
    func send(_ bytes: [UInt8], toStandardError: Bool) {
        guard !bytes.isEmpty else { return }
        deliver(SSHChannelData(type: toStandardError ? .stdErr : .channel, data: .byteBuffer(ByteBuffer(bytes: bytes))), count: bytes.count)
    }

    private func deliver(_ data: SSHChannelData, count: Int) {
        guard let context else { return }
        unread += count
        guard unread <= SSHBounds.unreadOutputLimit else {
            // The client takes nothing: its session ends rather than the server keeping more for it.
            context.close(promise: nil)
            return
        }
        let written = context.eventLoop.makePromise(of: Void.self)
        written.futureResult.assumeIsolated().whenComplete { [self] _ in unread -= count }
        context.writeAndFlush(wrapOutboundOut(data), promise: written)
    }

    /// The session's side of the terminal closed: all it showed has been read.
    func terminalClosed() {
        terminalGone = true
        relay = nil
        if let exitStatus { sendExitStatusAndClose(exitStatus) }
    }

    /// The session ended with `status`.
    func finish(status: Int32) {
        exitStatus = status
        switch phase {
        case .terminal:
            if terminalGone {
                sendExitStatusAndClose(status)
            } else {
                // What the session showed last is still being read from the terminal; its end
                // follows. Should it not, the channel closes anyway.
                fallbackClose = context?.eventLoop.assumeIsolated().scheduleTask(in: SSHBounds.stopGrace) { [self] in
                    sendExitStatusAndClose(status)
                }
            }
        default:
            sendExitStatusAndClose(status)
        }
    }

    private func sendExitStatusAndClose(_ status: Int32) {
        phase = .ended
        fallbackClose?.cancel()
        guard let context else { return }
        let channel = context.channel
        context.triggerUserOutboundEvent(SSHChannelRequestEvent.ExitStatus(exitStatus: Int(status)))
            .whenComplete { _ in channel.close(promise: nil) }
    }

    /// Ends the session from the server's side, after telling the client why.
    private func end(saying message: String) {
        guard let context else { return }
        send(Array(message.utf8), toStandardError: false)
        phase = .ended
        context.close(promise: nil)
    }

    // MARK: - Idle sessions

    /// Checks, when the idle timeout would have passed since the last key, whether it has;
    /// a key pressed meanwhile moves the check on. Nothing runs while a session is idle but this.
    private func armIdleCheck() {
        guard let timeout = server.bounds.idleTimeout, let context else { return }
        idleCheck = context.eventLoop.assumeIsolated().scheduleTask(deadline: lastInput + timeout) { [self] in
            if NIODeadline.now() >= lastInput + timeout {
                end(saying: "\r\nThis session ends after \(Self.describe(timeout)) without a key pressed.\r\n")
            } else {
                armIdleCheck()
            }
        }
    }

    /// A duration in words: `30 minutes`, `90 seconds`.
    static func describe(_ amount: TimeAmount) -> String {
        let seconds = amount.nanoseconds / 1_000_000_000
        if seconds % 60 == 0, seconds >= 60 {
            let minutes = seconds / 60
            return minutes == 1 ? "1 minute" : "\(minutes) minutes"
        }
        return seconds == 1 ? "1 second" : "\(seconds) seconds"
    }
}
