import FlowShellKit

/// The Booking feature module: confirming the booking of a car.
public enum BookingModule: FeatureModule {
    /// The name manifests list in `modules`.
    public static let name = "Booking"

    /// The screens: `booking.confirm`.
    public static var features: [FeatureRegistration] {
        [BookingConfirmBuilder.registration()]
    }
}
