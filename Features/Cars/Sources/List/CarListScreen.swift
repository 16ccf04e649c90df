import Fleet
import FlowShellKit

/// The car list: every operator's cars (or one operator's) in one table, filtered and ordered,
/// with when each is booked; choosing a car emits `selected` with its id. The list follows the
/// bookings as they change — another shell books on the same data, a booking starts or ends.
struct CarListScreen: Screen {
    static let id = "cars.list"
    static let title = "Cars"

    struct Events: ScreenEvents {
        let selected = Event<CarReference>("a car was chosen")
        let showOperators = Event<Nothing>("the user asked for the list of operators")
        let showBookings = Event<Nothing>("the user asked for their bookings")
        let showAccount = Event<Nothing>("the user asked who is signed in")
    }

    let fleet: CarAggregator
    /// The bookings' side of the cars, when the flow books cars.
    let availability: (any CarAvailability)?
    let input: OperatorFilter

    init(input: OperatorFilter, context: ScreenContext) throws {
        fleet = try context.services.resolve(CarAggregator.self)
        availability = try? context.services.resolve((any CarAvailability).self)
        self.input = input
    }

    func load() async throws -> CarListState {
        var state = CarListState(cars: try await fleet.allCars(), operatorName: input.operator)
        state.schedule = await schedule()
        return state
    }

    /// Shown again (a car's booking closed above it): the bookings are read again, whether or
    /// not a change of the database's folder was seen (a database in memory has none). A
    /// schedule that reads as the one shown leaves the state as it is, so that the list is not
    /// laid out again for nothing (`back` to it, as a rule).
    func appear(_ state: inout CarListState) async throws {
        let schedule = await schedule()
        if !schedule.readsAsBefore(state.schedule) { state.schedule = schedule }
    }

    /// The cars' bookings now; none when they cannot be read (the list still shows the cars).
    func schedule() async -> CarSchedule {
        (try? await availability?.schedule()) ?? .free
    }

    /// The list changes by itself when the bookings change (another shell booked on the same
    /// data folder), and when a booking starts or ends — a timer planned from the schedule
    /// shown, planned again whenever it changes.
    static let subscriptions: [ScreenSubscription<Self>] = [
        .following({ screen in screen.availability?.changes() ?? DataChanges.none }) { screen, send, _ in
            let schedule = await screen.schedule()
            send { $0.schedule = schedule }
        },
        .timer(next: { screen, state in
            guard let availability = screen.availability, let next = state.schedule.nextChange else { return nil }
            return .seconds(next - availability.now())
        }) { screen, send in
            let schedule = await screen.schedule()
            send { $0.schedule = schedule }
        },
    ]

    static let commands: [ScreenCommand<Self>] = [
        .command("select", "Show a car's details", .argument("CAR-ID", describedValues: { $0.visibleCars.map { ($0.id, $0.name) } })) {
            _, state, carID, emit in
            guard state.listedCars.contains(where: { $0.id == carID }) else {
                throw UserFacingError("no car '\(carID)' in the list — the ids are in the first column")
            }
            emit(\.selected, CarReference(carID: carID))
        },
        .command("filter", "Show only cars whose name, id or operator contains TEXT (none: all)", .optional("TEXT", rest: true)) {
            _, state, text, _ in
            state.filter = text ?? ""
        },
        .command("sort", "Order the list by price, distance or name", .choice("ORDER", of: CarSortOrder.self)) { _, state, order, _ in
            state.order = order
        },
        .command("refresh", "Ask every operator for its cars again") { screen, state, emit in
            // Each operator's cars are shown as its answer arrives.
            let operators = screen.fleet.managers.count
            do {
                state.cars = try await screen.fleet.refreshedCars { cars, answered in
                    state.cars = cars
                    state.refreshing = answered < operators ? "\(answered) of \(operators) operators answered" : nil
                    emit.progress(state)
                }
            } catch {
                // What arrived stays (the progress made it the screen's); the refresh itself
                // is over, cancelled or failed, and the list no longer says it runs.
                state.refreshing = nil
                emit.progress(state)
                throw error
            }
            state.refreshing = nil
        },
        .command("operators", "List the car operators") { _, _, emit in emit(\.showOperators) }.emitting(\.showOperators),
        .command("bookings", "Show my bookings") { _, _, emit in emit(\.showBookings) }.emitting(\.showBookings),
        .command("account", "Show who is signed in") { _, _, emit in emit(\.showAccount) }.emitting(\.showAccount),
    ]

    static func render(_ state: CarListState) -> ViewProperties {
        let visible = state.visibleCars
        var status = "\(visible.count) of \(state.listedCars.count) cars, by \(state.order.rawValue)"
        if !state.filter.isEmpty { status += ", matching '\(state.filter)'" }
        if let refreshing = state.refreshing { status += " — \(refreshing)" }
        // A column for bookings only when a listed car has one.
        let booked = state.listedCars.contains { state.schedule.availability(of: $0.id) != nil }
        return ViewProperties(title: state.operatorName.map { "\($0) cars" } ?? title, status: status) {
            if visible.isEmpty {
                Component.message(
                    .info, state.listedCars.isEmpty ? "No cars are available right now." : "No car matches '\(state.filter)'.")
            } else {
                Component.table(
                    Table(
                        columns: [
                            Table.Column("ID").keepingWidth(), Table.Column("Car").shrinking(), Table.Column("Operator"),
                            Table.Column("Price").trailing(), Table.Column("Away").trailing(),
                        ] + (booked ? [Table.Column("Booked")] : []),
                        rows: visible.map { car in
                            [car.id, car.name, car.manager, "\(car.pricePerHour)/h", car.distanceText]
                                + (booked ? [state.schedule.availability(of: car.id) ?? ""] : [])
                        }
                    ).rowsOpen("select"))
            }
        }
    }
}
