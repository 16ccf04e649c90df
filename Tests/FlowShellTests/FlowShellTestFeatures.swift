import Auth
import Booking
import Cars
import FlowShellKit

/// The sample app's feature modules, for in-process tests of the composition root.
enum FlowShellTestFeatures {
    @MainActor static let modules: [any FeatureModule.Type] = [AuthModule.self, BookingModule.self, CarsModule.self]
}
