import FlowShellKit

/// The Booking feature module: confirming the booking of a car, and the list of bookings.
public enum BookingModule: FeatureModule {
    /// The name manifests list in `modules`.
    public static let name = "Booking"

    /// The screens: `booking.confirm` and `booking.list`.
    public static var features: [FeatureRegistration] {
        [BookingConfirmBuilder.registration(), BookingListBuilder.registration()]
    }
}
