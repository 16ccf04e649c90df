import FlowShellKit
import Foundation

/// The Booking feature module: confirming the booking of a car, and the list of bookings —
/// Feature → Interactor (rules) → Repository (the one place for bookings) → Provider (SQLite).
public enum BookingModule {
    /// The module: `booking.confirm` and `booking.list`, over the bookings database and the clock.
    @MainActor public static let module = FeatureModule(
        name: "Booking",
        screens: [BookingConfirmScreen.self, BookingListScreen.self],
        services: setUpServices
    )

    /// The bookings database (`bookings.sqlite` in the app's data folder, or in memory) and the
    /// clock, unless set up already (tests register their own).
    @MainActor
    static func setUpServices(in container: ServiceContainer, environment: AppEnvironment) throws {
        if !container.contains(BookingRepository.self) {
            let path = environment.dataDirectory.map { $0 + "/bookings.sqlite" }
            do {
                container.register(BookingRepository(database: try BookingDatabase(path: path)))
            } catch {
                throw UserFacingError("cannot open the bookings database\(path.map { " at \($0)" } ?? ""): \((error as NSError).localizedDescription)")
            }
        }
        if !container.contains(BookingClock.self) {
            // The shell fixes the clock for a recorded session, so that its replay matches.
            container.register(environment.now.map { now in BookingClock(now: { Date(timeIntervalSince1970: now()) }) } ?? BookingClock())
        }
    }
}
