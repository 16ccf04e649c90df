import Foundation
// The system's reasons a connection failed (IOError, ChannelError), and a name not found.
import NIOCore
import NIOPosix
import PostgresNIO
// What the pool of PostgresNIO's client throws when it could not get a connection.
import _ConnectionPoolModule

/// What went wrong with PostgreSQL, in the user's words: PostgresNIO's own errors print only
/// their code (to keep queries and data out of logs), so the server's message or the system's
/// reason is taken out of them here.
enum PostgresProblem {
    /// Why `error` happened at `place` (a server, or nil when the message names it already).
    static func describe(_ error: any Error, at place: String?) -> String {
        let at = place.map { " \($0)" } ?? ""
        if let error = error as? PostgresUnavailable {
            return "\(place ?? "the database") gave no answer within \(error.waited.components.seconds) seconds, so nothing was done"
                + " — is PostgreSQL running there? Try again in a moment"
        }
        if let error = error as? ConnectionPoolError {
            switch error {
            case .connectionCreationCircuitBreakerTripped:
                // The pool tried to connect for a while and gave up for now: the server is away.
                return "cannot reach\(at): no connection could be made — is PostgreSQL running there, and is the --database address right?"
            default:
                return "the connection to\(at.isEmpty ? " the database" : at) was closed"
            }
        }
        guard let error = error as? PSQLError else { return "\(place ?? "the database") failed: \(reason(error))" }
        switch error.code {
        case .server:
            let message = error.serverInfo?[.message] ?? "an error"
            switch error.serverInfo?[.sqlState] {
            case "28P01", "28000":
                return "\(place ?? "the database") refused the user or password: \(message) — check the --database address"
            case "3D000":
                return "\(place ?? "the database") has no such database: \(message) — create it (createdb) or name another"
            default:
                return "\(place ?? "the database") answered: \(message)"
            }
        case .connectionError:
            let reason = error.underlying.map(reason) ?? "no connection could be made"
            return "cannot reach\(at): \(reason) — is PostgreSQL running there, and is the --database address right?"
        case .sslUnsupported:
            return "\(place ?? "the database") does not offer TLS, which sslmode=require asks for"
        case .unsupportedAuthMechanism, .authMechanismRequiresPassword, .saslError:
            return "\(place ?? "the database") asks for a password the --database address does not give (postgres://USER:PASSWORD@HOST/DB)"
        case .serverClosedConnection, .clientClosedConnection, .uncleanShutdown:
            return "the connection to\(at.isEmpty ? " the database" : at) was closed"
        default:
            return "\(place ?? "the database") could not do what was asked — try again, and if it goes on, see PostgreSQL's log there"
        }
    }

    /// Whether `error` says that the server is away (no connection to be had, or it was lost),
    /// rather than that it refused what was asked.
    static func meansAway(_ error: any Error) -> Bool {
        if error is PostgresUnavailable || error is ConnectionPoolError { return true }
        guard let error = error as? PSQLError else { return false }
        switch error.code {
        case .connectionError, .serverClosedConnection, .uncleanShutdown: return true
        default: return false
        }
    }

    /// Why a connection could not be made, in words: the driver's own text names system calls
    /// and error numbers.
    static func reason(_ error: any Error) -> String {
        if let error = error as? NIOConnectionError {
            if let first = error.connectionErrors.first { return reason(first.error) }
            if error.dnsAError != nil || error.dnsAAAAError != nil { return "no computer of that name was found" }
            return "no connection could be made"
        }
        if error is SocketAddressError { return "no computer of that name was found" }
        if let error = error as? ChannelError, case .connectTimeout = error { return "it did not answer in time" }
        if let error = error as? IOError {
            switch error.errnoCode {
            case ECONNREFUSED: return "nothing answers on that port there (connection refused)"
            case ETIMEDOUT: return "it did not answer in time"
            case EHOSTUNREACH, ENETUNREACH: return "that computer cannot be reached from here"
            default: return String(cString: strerror(error.errnoCode)).lowercased()
            }
        }
        return "no connection could be made"
    }
}
