import Foundation
import NIOSSL
import PostgresNIO

/// A PostgreSQL server and database, as `--database` names it:
/// `postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE[?sslmode=disable|require]`. The password is
/// never shown: ``place`` is what messages say.
public struct DatabaseAddress: Sendable, Equatable {
    public let host: String
    public let port: Int
    public let user: String
    let password: String?
    public let database: String
    /// Whether the connection must be encrypted (`sslmode=require`).
    public let requiresTLS: Bool

    /// Where it is, for messages: host, port and database, without the user or password.
    public var place: String {
        let shown = host.contains(":") ? "[\(host)]" : host
        return "PostgreSQL at \(shown):\(port)/\(database)"
    }

    /// Reads `text`; a message saying what is wrong with it (never echoing a password) otherwise.
    public init(parsing text: String, defaultUser: String = ProcessInfo.processInfo.userName) throws(DatabaseAddressError) {
        let form = "postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE"
        guard let components = URLComponents(string: text), let scheme = components.scheme?.lowercased() else {
            throw DatabaseAddressError("--database takes an address such as \(form)")
        }
        guard scheme == "postgres" || scheme == "postgresql" else {
            throw DatabaseAddressError("--database takes a PostgreSQL address (\(form)), not a \(scheme):// one")
        }
        guard let host = components.host, !host.isEmpty else {
            throw DatabaseAddressError("the --database address names no host: \(form)")
        }
        let user = components.user.flatMap { $0.removingPercentEncoding } ?? defaultUser
        let path = components.path.hasPrefix("/") ? String(components.path.dropFirst()) : components.path
        let database = path.removingPercentEncoding.flatMap { $0.isEmpty ? nil : $0 } ?? user
        var requiresTLS = false
        for item in components.queryItems ?? [] {
            switch (item.name, item.value) {
            case ("sslmode", "disable"): requiresTLS = false
            case ("sslmode", "require"): requiresTLS = true
            case ("sslmode", let mode):
                throw DatabaseAddressError("the --database address's sslmode is disable or require, not \(mode ?? "nothing")")
            default:
                throw DatabaseAddressError("the --database address takes only sslmode=disable or sslmode=require, not \(item.name)")
            }
        }
        self.host = host
        self.port = components.port ?? 5432
        self.user = user
        self.password = components.password.flatMap { $0.removingPercentEncoding }
        self.database = database
        self.requiresTLS = requiresTLS
    }

    /// How PostgresNIO connects to it.
    func connectionConfiguration() throws -> PostgresConnection.Configuration {
        PostgresConnection.Configuration(host: host, port: port, username: user, password: password, database: database, tls: try tls())
    }

    /// How PostgresNIO's pool connects to it.
    func clientConfiguration() throws -> PostgresClient.Configuration {
        PostgresClient.Configuration(host: host, port: port, username: user, password: password, database: database, tls: try clientTLS())
    }

    private func tls() throws -> PostgresConnection.Configuration.TLS {
        requiresTLS ? .require(try NIOSSLContext(configuration: .makeClientConfiguration())) : .disable
    }

    private func clientTLS() throws -> PostgresClient.Configuration.TLS {
        requiresTLS ? .require(.makeClientConfiguration()) : .disable
    }
}

/// What is wrong with a `--database` address, in the user's words.
public struct DatabaseAddressError: Error, CustomStringConvertible {
    public let description: String

    init(_ description: String) {
        self.description = description
    }
}
