import NIOCore

/// A connection's first handler that closes it unless what it waits for comes within a deadline
/// of connecting (SSH's identification line, an answer to an HTTP request's head): the deadline
/// starts once the connection is active, unless that came already, and goes with the handler.
package protocol ConnectionDeadline: ChannelInboundHandler {
    /// How long after connecting.
    var deadline: TimeAmount { get }
    /// The close to come, while the deadline runs.
    var deadlineTask: Scheduled<Void>? { get set }
    /// Whether what the handler waits for came.
    var deadlineMet: Bool { get }
}

extension ConnectionDeadline {
    package func handlerAdded(context: ChannelHandlerContext) {
        if context.channel.isActive { startDeadline(context: context) }
    }

    package func channelActive(context: ChannelHandlerContext) {
        startDeadline(context: context)
        context.fireChannelActive()
    }

    package func handlerRemoved(context: ChannelHandlerContext) {
        cancelDeadline()
    }

    /// Stops the deadline: what the handler waited for came, or it leaves.
    package func cancelDeadline() {
        deadlineTask?.cancel()
        deadlineTask = nil
    }

    private func startDeadline(context: ChannelHandlerContext) {
        guard deadlineTask == nil, !deadlineMet else { return }
        deadlineTask = context.eventLoop.assumeIsolated().scheduleTask(in: deadline) {
            context.close(promise: nil)
        }
    }
}
