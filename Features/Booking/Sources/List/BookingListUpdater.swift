import FlowShellKit
import Foundation

/// What the bookings screen shows: the bookings, and when "now" is for their status.
struct BookingListState: Sendable, Equatable {
    var bookings: [BookingRecord]
    var now: Double
}

/// Builds the list of bookings, with `cancel` and `refresh`.
final class BookingListUpdater: Updater<BookingListState> {
    weak var actions: BookingListActions?

    override func makeViewProperties(for state: BookingListState) -> ViewProperties {
        let cancellable = state.bookings.filter { $0.cancelledAt == nil && $0.endsAt > state.now }.map(\.code)
        return ViewProperties(
            title: "My bookings",
            commands: [
                Command("cancel", summary: "Cancel a coming or running booking",
                        arguments: [CommandArgument("CODE", values: cancellable)]) { [weak self] arguments in
                    try arguments.expectAtMost(1)
                    try await self?.actions?.cancel(code: arguments.required(0, "CODE"))
                },
                Command("refresh", summary: "Read the bookings again (another shell may have booked)") { [weak self] arguments in
                    try arguments.expectAtMost(0)
                    try await self?.actions?.refresh()
                },
            ],
            status: "\(state.bookings.count) booking\(state.bookings.count == 1 ? "" : "s")"
        ) {
            if state.bookings.isEmpty {
                Component.message(.info, "No bookings yet.")
            } else {
                Component.table(Table(
                    columns: [Table.Column("Code").keepingWidth(), Table.Column("Car").shrinking(),
                              Table.Column("From"), Table.Column("To"), Table.Column("Total").trailing(), Table.Column("Status")],
                    rows: state.bookings.map { booking in
                        [booking.code, booking.carName, BookingInteractor.time(booking.startsAt), BookingInteractor.time(booking.endsAt),
                         "\(booking.total)", Self.status(of: booking, now: state.now)]
                    }))
            }
        }
    }

    static func status(of booking: BookingRecord, now: Double) -> String {
        if booking.cancelledAt != nil { return "cancelled" }
        if booking.endsAt <= now { return "done" }
        return booking.startsAt <= now ? "running" : "coming"
    }
}
