/// A deep link: a path pattern with parameters (`/cars/:carID`) and the stack of screens it
/// opens, bottom first. Each screen takes its inputs from the parameters.
public struct LinkPattern: Sendable, Equatable {
    /// One segment of a pattern.
    public enum Segment: Sendable, Equatable {
        /// Must match exactly.
        case literal(String)
        /// Matches any one segment and binds it to the name.
        case parameter(String)
    }

    /// The pattern as written.
    public var pattern: String
    /// Its segments.
    public var segments: [Segment]
    /// The feature ids of the stack it opens, bottom first.
    public var screens: [String]
    /// Conditions the whole link requires, besides those of the transitions between its screens.
    public var requires: [String]
    /// Where it is written.
    public var path: JSONPath

    /// Creates a link from its pattern; nil when the pattern is not `/segment/...`
    /// (``problem(with:)`` says why).
    public init?(pattern: String, screens: [String], requires: [String] = [], path: JSONPath) {
        guard let segments = Self.segments(of: pattern) else { return nil }
        self.pattern = pattern
        self.segments = segments
        self.screens = screens
        self.requires = requires
        self.path = path
    }

    /// The names of its parameters, in order.
    public var parameters: [String] {
        segments.compactMap { if case .parameter(let name) = $0 { return name } else { return nil } }
    }

    /// The parameters bound by `link`, or nil when it does not match.
    public func match(_ link: String) -> [String: String]? {
        let parts = Self.parts(of: link)
        guard parts.count == segments.count else { return nil }
        var values: [String: String] = [:]
        for (segment, part) in zip(segments, parts) {
            switch segment {
            case .literal(let text):
                guard text == part else { return nil }
            case .parameter(let name):
                guard !part.isEmpty else { return nil }
                values[name] = part.removingPercentEncoding ?? part
            }
        }
        return values
    }

    /// The literal start of the pattern, up to its first parameter, for completion.
    public var literalPrefix: String {
        var text = ""
        for segment in segments {
            guard case .literal(let part) = segment else { return text + "/" }
            text += "/" + part
        }
        return text
    }

    /// Why `pattern` cannot be a link pattern, in words that follow "link pattern 'PATTERN'";
    /// nil when it can. A pattern is `/` or `/segment/...`, each segment a word or a parameter
    /// (`:name`): no empty segment (`//bookings`, `/bookings/`) and no wildcard (`/bookings/*`),
    /// since a link matches whole segments.
    public static func problem(with pattern: String) -> String? {
        guard pattern.hasPrefix("/") else {
            return "must start with '/' (/\(pattern)): segments after '/', parameters after ':'"
        }
        guard pattern != "/" else { return nil }
        let parts = pattern.dropFirst().split(separator: "/", omittingEmptySubsequences: false)
        for part in parts {
            if part.isEmpty {
                let written = "/" + parts.filter { !$0.isEmpty }.joined(separator: "/")
                return "has an empty segment ('//', or a '/' at the end); write it \(written)"
            }
            if part == ":" {
                return "has a parameter with no name; name it after the ':' (such as :id)"
            }
            if part.contains("*") {
                return "has a wildcard '*', which links do not have: a segment is a word or a parameter such as :id"
            }
        }
        return nil
    }

    static func segments(of pattern: String) -> [Segment]? {
        guard problem(with: pattern) == nil else { return nil }
        return parts(of: pattern).map { part in
            part.hasPrefix(":") ? .parameter(String(part.dropFirst())) : .literal(part)
        }
    }

    private static func parts(of path: String) -> [String] {
        var trimmed = Substring(path)
        while trimmed.hasPrefix("/") { trimmed = trimmed.dropFirst() }
        while trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
        return trimmed.isEmpty ? [] : trimmed.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
    }
}

extension String {
    /// `%2F` and friends decoded; nil when an escape is malformed.
    var removingPercentEncoding: String? {
        var bytes: [UInt8] = []
        var iterator = utf8.makeIterator()
        while let byte = iterator.next() {
            guard byte == UInt8(ascii: "%") else {
                bytes.append(byte)
                continue
            }
            guard let high = iterator.next(), let low = iterator.next(),
                let value = UInt8(String(decoding: [high, low], as: UTF8.self), radix: 16)
            else { return nil }
            bytes.append(value)
        }
        return String(validating: bytes, as: UTF8.self)
    }
}
