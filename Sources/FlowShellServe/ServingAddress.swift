import Foundation
import NIOCore
import ServiceLifecycle

/// Where one of the program's servers listens, and the option that chooses its port: what it
/// says when it cannot serve there.
struct ServingAddress: Sendable {
    /// How the server serves, as the message says it ("" for the browser's, " over SSH").
    let over: String
    let host: String
    let port: Int
    /// The option that chooses the port (`--port`, `--ssh-port`).
    let portOption: String

    /// Why the server could not serve here, in the user's words: the system's own words for a
    /// port in use or an address it cannot take are a call's name and an errno.
    func describe(_ error: any Error) -> String {
        let shownHost = host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host
        let place = "cannot serve\(over) on \(shownHost):\(port)"
        guard let error = error as? IOError else { return "\(place): \(error)" }
        switch error.errnoCode {
        case EADDRINUSE:
            return
                "\(place): another program listens on port \(port) — choose another with \(portOption), or \(portOption) 0 for a free one"
        case EADDRNOTAVAIL:
            return "\(place): \(host) is not an address of this machine — --host 127.0.0.1 serves this machine only, 0.0.0.0 every address"
        case EACCES:
            return "\(place): port \(port) needs privileges this user lacks — choose a port above 1023 with \(portOption)"
        default:
            return "\(place): \(String(cString: strerror(error.errnoCode)))"
        }
    }

    /// `server`, failing with what ``describe(_:)`` says of its failure.
    func serving(_ server: any Service) -> any Service {
        AddressedService(server: server, address: self)
    }
}

/// Why a server of the program stopped serving, in the user's words.
struct ServingFailure: Error, CustomStringConvertible {
    let description: String
}

/// A server whose failure says where it could not serve (the group that runs it says only the
/// first failure, without saying whose).
private struct AddressedService: Service {
    let server: any Service
    let address: ServingAddress

    func run() async throws {
        do {
            try await server.run()
        } catch is CancellationError {
            throw CancellationError()
        } catch {
            throw ServingFailure(description: address.describe(error))
        }
    }
}
