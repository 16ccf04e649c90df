/// A moment of a session's clock: how long after the session's start it is.
package struct SessionInstant: InstantProtocol {
    /// The time since the start.
    package var offset: Duration

    package init(offset: Duration) {
        self.offset = offset
    }

    package func advanced(by duration: Duration) -> SessionInstant {
        SessionInstant(offset: offset + duration)
    }

    package func duration(to other: SessionInstant) -> Duration {
        other.offset - offset
    }

    package static func < (lhs: SessionInstant, rhs: SessionInstant) -> Bool {
        lhs.offset < rhs.offset
    }
}
