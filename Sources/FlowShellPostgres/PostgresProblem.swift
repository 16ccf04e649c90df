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
        if let error = error as? ConnectionPoolError {
            switch error {
            case .connectionCreationCircuitBreakerTripped:
                // The pool tried to connect for a while and gave up for now: the server is away.
                return "cannot reach\(at): no connection could be made — is PostgreSQL running there, and is the --database address right?"
            default:
                return "the connection to\(at.isEmpty ? " the database" : at) was closed"
            }
        }
        guard let error = error as? PSQLError else { return "\(place ?? "the database"): \(error)" }
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
            let reason = error.underlying.map { "\($0)" } ?? "no connection"
            return "cannot reach\(at): \(reason) — is PostgreSQL running there, and is the --database address right?"
        case .sslUnsupported:
            return "\(place ?? "the database") does not offer TLS, which sslmode=require asks for"
        case .unsupportedAuthMechanism, .authMechanismRequiresPassword, .saslError:
            return "\(place ?? "the database") asks for a password the --database address does not give (postgres://USER:PASSWORD@HOST/DB)"
        case .serverClosedConnection, .clientClosedConnection, .uncleanShutdown:
            return "the connection to\(at.isEmpty ? " the database" : at) was closed"
        default:
            return "\(place ?? "the database") failed (\(error.code))"
        }
    }
}
