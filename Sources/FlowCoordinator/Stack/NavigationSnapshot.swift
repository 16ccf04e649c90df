/// Where the user was: the open screens with their inputs, and the guards whose flows were
/// running among them, as saved after each navigation and restored at the next start (and by a
/// browser tab's reload).
///
/// The shape stays version 1 with the guards added: `pendingGuards` is written only when a
/// guard is pending and read as none when it is missing, so every file written before reads as
/// it did, and a file that has it, read by a version that does not know it, restores the screens
/// as that version always did (the guard's layer named as not reopened). A new version would
/// have made each side refuse the other's whole file instead.
public struct NavigationSnapshot: Codable, Sendable, Equatable {
    /// The version of this shape.
    public static let currentVersion = 1

    /// The shape's version.
    public var v: Int
    /// The app it belongs to; a snapshot of another app is not restored.
    public var app: String
    /// The open screens, bottom first.
    public var screens: [NavigationEntry]
    /// The guards whose flows were running, each with the step it interrupted, bottom first.
    /// One this version cannot read (a newer kind of step) is left out when the snapshot is
    /// read, and its flow's screens are then restored as any guard's flow without its step.
    public var pendingGuards: [PendingGuard]

    private enum CodingKeys: String, CodingKey {
        case v, app, screens, pendingGuards
    }

    /// The stack `screens` of the app `app`, with the guards `pendingGuards` whose flows run in
    /// it, in this version of the shape.
    public init(app: String, screens: [NavigationEntry], pendingGuards: [PendingGuard] = []) {
        self.v = Self.currentVersion
        self.app = app
        self.screens = screens
        self.pendingGuards = pendingGuards
    }

    /// Reads a snapshot; one saved without pending guards has none.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        v = try container.decode(Int.self, forKey: .v)
        app = try container.decode(String.self, forKey: .app)
        screens = try container.decode([NavigationEntry].self, forKey: .screens)
        let saved = try? container.decodeIfPresent([Readable<PendingGuard>].self, forKey: .pendingGuards)
        pendingGuards = saved?.compactMap(\.value) ?? []
    }

    /// Writes the snapshot; `pendingGuards` only when there are some.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(v, forKey: .v)
        try container.encode(app, forKey: .app)
        try container.encode(screens, forKey: .screens)
        if !pendingGuards.isEmpty { try container.encode(pendingGuards, forKey: .pendingGuards) }
    }
}

/// A value read if it can be, nil if not: one unreadable element leaves the others be.
private struct Readable<Value: Decodable>: Decodable {
    let value: Value?

    init(from decoder: any Decoder) throws {
        value = try? Value(from: decoder)
    }
}
