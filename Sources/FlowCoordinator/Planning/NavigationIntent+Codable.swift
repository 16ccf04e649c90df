import FlowShellKit

/// A guard's interrupted intent is saved in files (and in a database) with where the user was,
/// so its encoding is a stable object that says what it is by `kind`, each case's values by name:
///
/// ```json
/// {"kind": "event", "event": {"name": "book", "payload": {"carID": "rio"}}, "from": 1}
/// {"kind": "command", "command": "note", "from": 1}
/// {"kind": "link", "link": {"text": "/bookings", "screens": ["cars.list", "booking.list"], "inputs": [{}, {}], "requires": ["session"]}}
/// {"kind": "back"}
/// {"kind": "home"}
/// ```
///
/// A `kind` this version does not know is an error, which the snapshot that holds the intent
/// reads as a guard it cannot re-establish (``NavigationSnapshot``).
extension NavigationIntent: Codable {
    private enum CodingKeys: String, CodingKey {
        case kind, event, command, from, link
    }

    private enum Kind: String, Codable {
        case event, command, back, home, link
    }

    /// Reads an intent from its `kind` and that kind's values.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        switch try container.decode(Kind.self, forKey: .kind) {
        case .event:
            self = .event(try container.decode(FeatureEvent.self, forKey: .event), from: try container.decode(Int.self, forKey: .from))
        case .command:
            self = .command(try container.decode(String.self, forKey: .command), from: try container.decode(Int.self, forKey: .from))
        case .back:
            self = .back
        case .home:
            self = .home
        case .link:
            self = .link(try container.decode(LinkTarget.self, forKey: .link))
        }
    }

    /// Writes the intent as its `kind` and that kind's values.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .event(let event, let from):
            try container.encode(Kind.event, forKey: .kind)
            try container.encode(event, forKey: .event)
            try container.encode(from, forKey: .from)
        case .command(let name, let from):
            try container.encode(Kind.command, forKey: .kind)
            try container.encode(name, forKey: .command)
            try container.encode(from, forKey: .from)
        case .back:
            try container.encode(Kind.back, forKey: .kind)
        case .home:
            try container.encode(Kind.home, forKey: .kind)
        case .link(let target):
            try container.encode(Kind.link, forKey: .kind)
            try container.encode(target, forKey: .link)
        }
    }
}
