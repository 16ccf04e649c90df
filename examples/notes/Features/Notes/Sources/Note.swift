import FlowShellKit

/// A note: a title, its lines, and whether it was synced.
public struct Note: Codable, Equatable, Sendable {
    public var id: String
    public var title: String
    public var lines: [String]
    public var synced = false
}

/// Which note a screen shows: its typed input, and the payload of the events that lead there.
/// Its one property, `noteID`, is the key the flow routes (`/notes/:noteID` in a link).
public struct NoteReference: ScreenValue {
    public var noteID: String
}

/// How the list is ordered: `sort newest`, `sort title`.
enum NoteOrder: String, CaseIterable, Sendable {
    case newest, title
}
