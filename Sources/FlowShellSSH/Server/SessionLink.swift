import LineEditor
import NIOCore

/// How a session, on the main actor, reaches its SSH channel, on the channel's event loop: it
/// tells the channel its line editor (so that a Ctrl-C typed while a command runs is the
/// command's), sends a command's output, and says it ended, with its exit status. Each call
/// is carried to the event loop in order; one made after the channel closed does nothing.
struct SessionLink: Sendable {
    private let handler: NIOLoopBound<SessionChannelHandler>

    init(_ handler: NIOLoopBound<SessionChannelHandler>) {
        self.handler = handler
    }

    /// The session reads its lines with `control`'s editor.
    func attach(_ control: LineReaderControl) {
        let handler = self.handler
        handler.eventLoop.execute { handler.value.attach(control) }
    }

    /// Sends a command's output (or errors, to the client's standard error).
    func send(_ bytes: [UInt8], toStandardError: Bool) {
        let handler = self.handler
        handler.eventLoop.execute { handler.value.send(bytes, toStandardError: toStandardError) }
    }

    /// The session ended with `status`: once what it showed has gone out, the client is told and
    /// the channel closes.
    func finish(status: Int32) {
        let handler = self.handler
        handler.eventLoop.execute { handler.value.finish(status: status) }
    }
}
