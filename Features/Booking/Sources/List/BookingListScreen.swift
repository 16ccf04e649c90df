import Fleet
import FlowShellKit

/// What the bookings screen shows: the bookings, and when "now" is for their status.
struct BookingListState: Sendable, Equatable {
    var bookings: [BookingRecord]
    var now: Double
    /// What happened to the database that the user should hear of (a damaged file moved aside).
    var notice: String?

    /// The codes of the bookings that can still be cancelled.
    var cancellable: [String] {
        bookings.filter { $0.cancelledAt == nil && $0.endsAt > now }.map(\.code)
    }
}

/// The list of bookings: reading them again, and cancelling one.
struct BookingListScreen: Screen {
    static let id = "booking.list"
    static let title = "My bookings"

    let interactor: BookingInteractor

    init(input: Nothing, context: ScreenContext) throws {
        interactor = try BookingInteractor(services: context.services)
    }

    func load() async throws -> BookingListState {
        let bookings = try await interactor.bookings()
        return BookingListState(bookings: bookings, now: now, notice: interactor.repository.takeNotice())
    }

    static let commands: [ScreenCommand<Self>] = [
        .command("cancel", "Cancel a coming or running booking", .argument("CODE", values: { $0.cancellable })) { screen, state, code, _ in
            _ = try await screen.interactor.cancel(code: code)
            state = try await screen.load()
        }.destructive(),
        .command("refresh", "Read the bookings again (another shell may have booked)") { screen, state, _ in
            state = try await screen.load()
        },
    ]

    /// The list changes by itself: when another shell books on the same data (the database's
    /// folder changed), and when a booking starts or ends — a timer planned from the bookings
    /// shown, planned again whenever they change. Each status is judged against the clock's
    /// now at every update.
    static let subscriptions: [ScreenSubscription<Self>] = [
        .following({ screen in screen.interactor.repository.changes() }) { screen, send, _ in
            let bookings = try await screen.interactor.bookings()
            // Read after the look-up: the moment the bookings are judged at.
            let now = screen.now
            send {
                $0.bookings = bookings
                $0.now = now
            }
        },
        .timer(next: { screen, state in
            let now = screen.now
            return nextChange(of: state.bookings, after: now).map { .seconds($0 - now) }
        }) { screen, send in
            let now = screen.now
            send { $0.now = now }
        },
    ]

    /// The clock's time now, in seconds since 1970.
    private var now: Double {
        interactor.clock.now().timeIntervalSince1970
    }

    /// When the next of `bookings` starts or ends, after `now`.
    static func nextChange(of bookings: [BookingRecord], after now: Double) -> Double? {
        bookings.filter { $0.cancelledAt == nil }.flatMap { [$0.startsAt, $0.endsAt] }.filter { $0 > now }.min()
    }

    static func render(_ state: BookingListState) -> ViewProperties {
        ViewProperties(title: title, status: "\(state.bookings.count) booking\(state.bookings.count == 1 ? "" : "s")") {
            if let notice = state.notice {
                Component.message(.warning, notice)
            }
            if state.bookings.isEmpty {
                Component.message(.info, "No bookings yet.")
            } else {
                Component.table(
                    Table(
                        columns: [
                            Table.Column("Code").keepingWidth(), Table.Column("Car").shrinking(),
                            Table.Column("From").keepingWidth(), Table.Column("To").keepingWidth(), Table.Column("Total").trailing(),
                            Table.Column("Status"),
                        ],
                        rows: state.bookings.map { booking in
                            [
                                booking.code, booking.carName, ShortTime.text(booking.startsAt), ShortTime.text(booking.endsAt),
                                "\(booking.total)", status(of: booking, now: state.now),
                            ]
                        }
                    ).rowsOffer("cancel"))
            }
        }
    }

    static func status(of booking: BookingRecord, now: Double) -> String {
        if booking.cancelledAt != nil { return "cancelled" }
        if booking.endsAt <= now { return "done" }
        return booking.startsAt <= now ? "running" : "coming"
    }
}
