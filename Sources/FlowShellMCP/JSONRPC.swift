import FlowShellRuntime
import Foundation

/// JSON-RPC 2.0 as MCP frames it: one message a line. What a line asks (``Incoming``), and the
/// lines a server answers with.
public enum JSONRPC {
    /// The errors a request may get, by the codes JSON-RPC and MCP give them.
    public struct Failure: Error, Equatable, Sendable {
        /// JSON-RPC's code (-32700 not JSON, -32600 no request, -32601 no method, -32602 bad params).
        public let code: Int
        /// What is wrong, in the client's words.
        public let message: String
        /// What the client may use (the handle it named, the revisions spoken).
        public var data: JSONValue?

        /// A failure with `code`, `message` and `data`.
        public init(code: Int, message: String, data: JSONValue? = nil) {
            self.code = code
            self.message = message
            self.data = data
        }

        /// The line is not JSON.
        public static func parse(_ message: String) -> Failure { Failure(code: -32700, message: message) }
        /// The JSON is not a request JSON-RPC knows.
        public static func invalidRequest(_ message: String) -> Failure { Failure(code: -32600, message: message) }
        /// The method is not one this server has.
        public static func methodNotFound(_ method: String) -> Failure {
            Failure(code: -32601, message: "no method \(method) here")
        }
        /// The parameters are not what the method takes (a wrong handle, an argument too long).
        public static func invalidParams(_ message: String, data: JSONValue? = nil) -> Failure {
            Failure(code: -32602, message: message, data: data)
        }
    }

    /// One line read from the client.
    public enum Incoming: Equatable, Sendable {
        /// A request, answered with its id.
        case request(id: JSONValue, method: String, params: JSONValue?)
        /// A notification: no answer.
        case notification(method: String, params: JSONValue?)
        /// The client's answer to a request of the server's own (an elicitation).
        case response(id: JSONValue, result: JSONValue?, error: JSONValue?)
    }

    /// The longest line a client may send, in bytes: a tool's arguments are small (a line of a
    /// session is at most 4 KB), and a longer one is refused before it is parsed.
    public static let longestMessage = 64 * 1024

    /// What `line` is; a failure carries the id to answer it with, when the line had one.
    public static func parse(_ line: Data) -> Result<Incoming, FailureWithID> {
        guard line.count <= longestMessage else {
            return .failure(FailureWithID(id: .null, failure: .invalidRequest("a message is at most \(longestMessage) bytes")))
        }
        guard let value = try? JSONDecoder().decode(JSONValue.self, from: line) else {
            return .failure(FailureWithID(id: .null, failure: .parse("the line is not JSON")))
        }
        guard case .object(let message) = value else {
            return .failure(FailureWithID(id: .null, failure: .invalidRequest("a message is a JSON object")))
        }
        let id = message["id"]
        guard message["jsonrpc"] == "2.0" else {
            return .failure(FailureWithID(id: id ?? .null, failure: .invalidRequest("a message says \"jsonrpc\": \"2.0\"")))
        }
        if let id, !Self.isValidID(id) {
            return .failure(FailureWithID(id: .null, failure: .invalidRequest("an id is a string or a number")))
        }
        if case .string(let method)? = message["method"] {
            let params = message["params"]
            if let params, params.object == nil {
                return .failure(FailureWithID(id: id ?? .null, failure: .invalidRequest("params are an object")))
            }
            if let id { return .success(.request(id: id, method: method, params: params)) }
            return .success(.notification(method: method, params: params))
        }
        if let id, message["result"] != nil || message["error"] != nil {
            return .success(.response(id: id, result: message["result"], error: message["error"]))
        }
        return .failure(FailureWithID(id: id ?? .null, failure: .invalidRequest("a request names its method")))
    }

    private static func isValidID(_ id: JSONValue) -> Bool {
        switch id {
        case .string, .number: true
        default: false
        }
    }

    /// A failure, with the id of the request it answers (null when there was none).
    public struct FailureWithID: Error, Equatable, Sendable {
        /// The id of the request, or null.
        public let id: JSONValue
        /// What is wrong.
        public let failure: Failure
    }

    /// The answer to request `id`.
    public static func result(_ result: JSONValue, id: JSONValue) -> JSONValue {
        ["jsonrpc": "2.0", "id": id, "result": result]
    }

    /// The error answering request `id`.
    public static func error(_ failure: Failure, id: JSONValue) -> JSONValue {
        var error: [String: JSONValue] = ["code": .number(Double(failure.code)), "message": .string(failure.message)]
        if let data = failure.data { error["data"] = data }
        return ["jsonrpc": "2.0", "id": id, "error": .object(error)]
    }

    /// A request of the server's own to the client.
    public static func request(_ method: String, params: JSONValue, id: JSONValue) -> JSONValue {
        ["jsonrpc": "2.0", "id": id, "method": .string(method), "params": params]
    }
}
