/// One event a screen can emit, declared as a property of the screen's ``ScreenEvents``: the
/// property's name is the event's name and `Payload`'s properties are its payload keys.
///
/// ```swift
/// struct Events: ScreenEvents {
///     let selected = Event<CarReference>("a car was chosen")
///     let showOperators = Event<Nothing>("the user asked for the operators")
/// }
/// ```
/// A screen emits it through its ``EventSink`` by key path (`emit(\.selected, CarReference(carID: id))`),
/// so an undeclared event or a payload without a declared key does not compile.
public final class Event<Payload: ScreenValue>: AnyEvent, @unchecked Sendable {
    /// Declares an event.
    public init(_ summary: String = "") {
        super.init(summary: summary)
    }

    /// The payload's keys, from its type.
    override public var payloadKeys: [String] { Payload.keys }
}

/// What the kit reads from any ``Event`` when it derives a screen's declaration. A class, not a
/// protocol, so that finding the events among a screen's properties is a class cast: a cast to
/// a protocol searches every conformance in the program the first time for each event type,
/// which was a good part of the shell's start.
public class AnyEvent: @unchecked Sendable {  // Immutable: one `let`, and the keys come from a type.
    /// What the event means, for `check`, `graph` and documentation.
    public let summary: String

    init(summary: String) {
        self.summary = summary
    }

    /// The keys of its payload.
    public var payloadKeys: [String] { [] }
}

/// The events of one screen: a struct whose properties are ``Event`` values.
public protocol ScreenEvents: Sendable {
    /// Creates the declarations (each property with its default value).
    init()
}

/// The events of a screen that emits none.
public struct NoEvents: ScreenEvents {
    /// No events.
    public init() {}
}
