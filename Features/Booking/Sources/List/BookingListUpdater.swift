import FlowShellKit

/// Builds the list of confirmed bookings.
final class BookingListUpdater: Updater<[BookingRecord]> {
    override func makeViewProperties(for bookings: [BookingRecord]) -> ViewProperties {
        ViewProperties(title: "My bookings", status: "\(bookings.count) booking\(bookings.count == 1 ? "" : "s")") {
            if bookings.isEmpty {
                Component.message(.info, "No bookings yet.")
            } else {
                Component.table(Table(
                    columns: [Table.Column("Code").keepingWidth(), Table.Column("Car").shrinking(),
                              Table.Column("Hours").trailing(), Table.Column("Total").trailing()],
                    rows: bookings.map { [$0.code, $0.carName, "\($0.hours)", "\($0.total)"] }))
            }
        }
    }
}
