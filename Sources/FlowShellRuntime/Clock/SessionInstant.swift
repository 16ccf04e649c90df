/// A moment of a session's clock: how long after the session's start it is.
struct SessionInstant: InstantProtocol {
    /// The time since the start.
    var offset: Duration

    func advanced(by duration: Duration) -> SessionInstant {
        SessionInstant(offset: offset + duration)
    }

    func duration(to other: SessionInstant) -> Duration {
        other.offset - offset
    }

    static func < (lhs: SessionInstant, rhs: SessionInstant) -> Bool {
        lhs.offset < rhs.offset
    }
}
