import FlowShellKit

/// Plans the stops of a trip with a car: an ordinary ``Screen``, the same type whether it is
/// linked into the shell or served by the `trips-plugin` executable.
struct TripPlannerScreen: Screen {
    static let id = "trips.planner"
    static let title = "Trip"

    struct Input: ScreenValue {
        var carID: String
    }

    struct State: Equatable, Sendable {
        var carID: String
        var stops: [String]
    }

    struct Events: ScreenEvents {
        let done = Event<Nothing>("the user is done planning")
    }

    let input: Input

    init(input: Input, context: ScreenContext) {
        self.input = input
    }

    func load() -> State {
        State(carID: input.carID, stops: [])
    }

    static let commands: [ScreenCommand<Self>] = [
        .command("add", "Add a stop", .optional("PLACE", rest: true)) { _, state, place, _ in
            guard let place else { throw UserFacingError("add what? — add PLACE") }
            state.stops.append(place)
        },
        .command("clear", "Remove every stop") { _, state, _ in
            state.stops.removeAll()
        },
        .command("done", "Close the trip") { _, _, emit in
            emit(\.done)
        },
    ]

    static func render(_ state: State) -> ViewProperties {
        ViewProperties(
            title: "Trip with \(state.carID)",
            status: state.stops.isEmpty ? "no stops yet — add PLACE" : "\(state.stops.count) stop\(state.stops.count == 1 ? "" : "s")"
        ) {
            if !state.stops.isEmpty {
                Component.list(state.stops, numbered: true)
            }
        }
    }
}
