import NIOCore

/// The first handler of a listening socket's pipeline: it sees each connection as it is accepted,
/// before it is registered with an event loop or given a protocol's handlers, and closes there
/// and then one that `admit` refuses (``Startups``, counted by the server). Refusing so costs a
/// close and nothing else, so the server empties the system's queue of connections as fast as a
/// flood fills it, and a client logging in or a tab opening waits there behind the flood's
/// connections for no longer than it takes to close them.
package final class AdmissionGate: ChannelInboundHandler {
    package typealias InboundIn = Channel
    package typealias InboundOut = Channel

    private let admit: @Sendable (Channel) -> Bool

    /// A gate that lets in the connections `admit` says yes to.
    package init(admit: @escaping @Sendable (Channel) -> Bool) {
        self.admit = admit
    }

    package func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let accepted = unwrapInboundIn(data)
        guard admit(accepted) else {
            accepted.close(promise: nil)
            return
        }
        context.fireChannelRead(data)
    }
}

@available(*, unavailable)
extension AdmissionGate: Sendable {}
