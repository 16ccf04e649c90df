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
public final class Event<Payload>: AnyEvent, @unchecked Sendable {
    // `Payload` is constrained by the initializer rather than by the class, so that the type
    // `Event<CarReference>` can be formed from its name (when a screen's events are read, or a
    // key path to one is made) without the runtime searching the program's conformances.

    /// Declares an event; `summary` says what it means in `check`, `graph` and help, and the
    /// payload's keys are `Payload`'s properties.
    public init(_ summary: String = "") where Payload: ScreenValue {
        super.init(summary: summary, payloadKeys: { Payload.keys })
    }
}

/// What the kit reads from any ``Event`` when it derives a screen's declaration. A class, not a
/// protocol, so that finding the events among a screen's properties is a class check: a cast to
/// a protocol searches every conformance in the program the first time for each event type,
/// which was a good part of the shell's start.
public class AnyEvent: @unchecked Sendable {  // Immutable: two `let`s, and the keys come from a type.
    /// What the event means, for `check`, `graph` and documentation.
    public let summary: String
    private let readPayloadKeys: @Sendable () -> [String]

    init(summary: String, payloadKeys: @escaping @Sendable () -> [String]) {
        self.summary = summary
        self.readPayloadKeys = payloadKeys
    }

    /// The keys of its payload.
    package var payloadKeys: [String] { readPayloadKeys() }
}

/// The events of one screen: a struct whose properties are ``Event`` values.
public protocol ScreenEvents: Sendable {
    /// Creates the declarations (each property with its default value).
    init()
}

/// The events of a screen that emits none.
public struct NoEvents: ScreenEvents {
    /// The empty declaration the kit reads a screen's events from.
    public init() {}
}
