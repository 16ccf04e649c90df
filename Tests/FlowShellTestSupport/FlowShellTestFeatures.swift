import Auth
import Booking
import Cars
import FlowShellKit

/// The sample app's feature modules, for in-process tests of the composition root.
package enum FlowShellTestFeatures {
    @MainActor package static let modules: [FeatureModule] = [AuthModule.module, BookingModule.module, CarsModule.module]
}
