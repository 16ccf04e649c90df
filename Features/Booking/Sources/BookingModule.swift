import Fleet
import FlowShellKit
import Foundation

/// The Booking feature module: confirming the booking of a car, and the list of bookings —
/// Feature → Interactor (rules) → Repository (the one place for bookings: SQLite in the data
/// folder, or the records servers share) → Provider.
public enum BookingModule {
    /// The module: `booking.confirm` and `booking.list`, over the bookings database and the clock.
    @MainActor public static let module = FeatureModule(
        name: "Booking",
        screens: [BookingConfirmScreen.self, BookingListScreen.self],
        settings: [hours],
        services: setUpServices
    )

    /// `set booking-hours 2`: how long a new booking lasts until `hours` says otherwise, kept
    /// per user as the shell's own settings are.
    public static let hours = ModuleSetting(
        "booking-hours", values: ["1", "2", "3", "4", "8", "24"], default: "1",
        summary: "the hours a new booking lasts until hours says otherwise")

    /// Where bookings are kept — the records every server of the flow shares when they share a
    /// database (`--database`), else the bookings database (`bookings.sqlite` in the app's data
    /// folder, or in memory) — and the clock, unless set up already (tests register their own); and the
    /// cars' availability they give, which the car list shows.
    @MainActor
    static func setUpServices(in container: ServiceContainer, environment: AppEnvironment) throws {
        if !container.contains((any BookingStore).self) {
            if environment.records.sharedAcrossMachines {
                container.register(SharedBookings(store: environment.records), as: (any BookingStore).self)
            } else {
                // On one machine the bookings stay where they were before the app had records:
                // bookings.sqlite, with its schema and its recovery from a damaged file.
                // Opened on first use: a database that cannot be opened makes only the booking
                // screens unavailable, with a message saying why.
                container.register(
                    BookingRepository(opener: BookingDatabaseOpener(folder: environment.dataDirectory)), as: (any BookingStore).self)
            }
        }
        if !container.contains(BookingClock.self) {
            // The shell fixes the clock for a recorded session, so that its replay matches.
            container.register(environment.now.map { now in BookingClock(now: { Date(timeIntervalSince1970: now()) }) } ?? BookingClock())
        }
        if !container.contains((any CarAvailability).self) {
            container.register(
                BookingAvailability(
                    repository: try container.resolve((any BookingStore).self),
                    clock: try container.resolve(BookingClock.self)), as: (any CarAvailability).self)
        }
    }
}
