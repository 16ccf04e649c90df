import FlowShellKit
import FlowShellServing
import NIOCore
import NIOPosix
import NIOSSH
import ServiceLifecycle

/// The SSH server of `serve --ssh`: it listens, lets in the keys the authorized-keys file lists
/// (``KeyAuthentication``), and gives each session channel a ``SessionChannelHandler``. Nothing a
/// client does before it logs in costs more than its bounds (``SSHBounds``): a deadline, a
/// number of attempts, a number of such connections at once. A service of the server program's
/// group: it stops when the group does (SIGINT, SIGTERM), ending each session with a word to its client.
final class SSHServer: Service {
    private let host: String
    private let port: Int
    private let hostKey: HostKey
    private let state: SSHServerState
    /// Called with the port bound, once the server listens.
    private let listening: @Sendable (Int) async -> Void

    init(host: String, port: Int, hostKey: HostKey, state: SSHServerState, listening: @escaping @Sendable (Int) async -> Void) {
        self.host = host
        self.port = port
        self.hostKey = hostKey
        self.state = state
        self.listening = listening
    }

    func run() async throws {
        let state = self.state
        let serverKey = hostKey.serverKey
        let listener = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(ChannelOptions.socketOption(.so_reuseaddr), value: 1)
            .serverChannelOption(ChannelOptions.backlog, value: SSHBounds.backlog)
            // A peer that vanished without closing (a laptop shut) is found out: probed after a
            // minute of silence, every 15 s, given up after 4 unanswered.
            .childChannelOption(ChannelOptions.socketOption(.so_keepalive), value: 1)
            .childChannelOption(ChannelOptions.socket(SocketOptionLevel(IPPROTO_TCP), SSHBounds.keepAliveIdleOption), value: 60)
            .childChannelOption(ChannelOptions.socket(SocketOptionLevel(IPPROTO_TCP), TCP_KEEPINTVL), value: 15)
            .childChannelOption(ChannelOptions.socket(SocketOptionLevel(IPPROTO_TCP), TCP_KEEPCNT), value: 4)
            .childChannelOption(ChannelOptions.socketOption(.tcp_nodelay), value: 1)
            // Connections are let in or refused as they are accepted, before they are set up.
            .serverChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(AdmissionGate { state.enterLogin($0) })
                }
            }
            .childChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    let connection = SSHConnection(channel: channel, server: state)
                    var configuration = SSHServerConfiguration(
                        hostKeys: [serverKey],
                        userAuthDelegate: KeyAuthentication(keys: state.keys, connection: connection))
                    configuration.maxAuthAttempts = SSHBounds.authenticationRequests
                    // The ciphers swift-nio-ssh bundles, but refusing what it cannot read (GCMProtection).
                    configuration.transportProtectionSchemes = [AES256GCMProtection.self, AES128GCMProtection.self]
                    let handler = NIOSSHHandler(role: .server(configuration), allocator: channel.allocator) { child, type in
                        guard case .session = type else {
                            // No forwarding of ports or agents: only sessions. The client is
                            // told (SSH_MSG_CHANNEL_OPEN_FAILURE); the connection goes on.
                            return child.eventLoop.makeFailedFuture(RefusedChannel())
                        }
                        return child.eventLoop.makeCompletedFuture {
                            try child.pipeline.syncOperations.addHandler(SessionChannelHandler(connection: connection))
                        }
                    }
                    try channel.pipeline.syncOperations.addHandlers(IdentificationDeadline(), handler, ClosingOnError())
                    connection.start()
                }
            }
            .bind(host: host, port: port)
            .get()
        await listening(listener.localAddress?.port ?? port)
        try await withGracefulShutdownHandler {
            try await listener.closeFuture.get()
        } onGracefulShutdown: {
            listener.close(promise: nil)
        }
        // No more sessions; those open are told and end, within a bound.
        for channel in state.stop() {
            channel.pipeline.fireUserInboundEventTriggered(SessionChannelHandler.ServerStopping())
        }
        let sessions = state.sessions
        await sessions.waitForAll(atMost: .nanoseconds(SSHBounds.stopGrace.nanoseconds))
    }

    /// A channel of a kind the server does not open.
    private struct RefusedChannel: Error {}
}

/// Closes a connection whose protocol failed (a bad packet, a failed key exchange, too many
/// attempts): only that connection ends.
private final class ClosingOnError: ChannelInboundHandler {
    typealias InboundIn = Any

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        context.close(promise: nil)
    }
}
