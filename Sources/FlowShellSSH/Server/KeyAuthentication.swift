import FlowShellKit
import NIOCore
import NIOSSH

/// Lets a client in by a public key the authorized-keys file lists, and nothing else: no
/// password, no keyboard-interactive (the client is told only `publickey` can go on). It is
/// asked only after swift-nio-ssh checked the client's signature with the key; the user is the
/// key's line's. How many requests a connection may make is the SSH handler's bound
/// (``SSHBounds/authenticationRequests``).
final class KeyAuthentication: NIOSSHServerUserAuthenticationDelegate {
    private let keys: AuthorizedKeysFile
    private let connection: SSHConnection

    init(keys: AuthorizedKeysFile, connection: SSHConnection) {
        self.keys = keys
        self.connection = connection
    }

    var supportedAuthenticationMethods: NIOSSHAvailableUserAuthenticationMethods { .publicKey }

    func requestReceived(request: NIOSSHUserAuthenticationRequest, responsePromise: EventLoopPromise<NIOSSHUserAuthenticationOutcome>) {
        guard case .publicKey(let offered) = request.request, let user = keys.user(of: offered.publicKey) else {
            responsePromise.succeed(.failure)
            return
        }
        // The name the client asked to log in as is not used: the key says who this is.
        connection.loggedIn(as: ConnectedUser(name: user, authenticatedBy: "SSH key \(KeyFingerprint.of(offered.publicKey))"))
        responsePromise.succeed(.success)
    }
}
