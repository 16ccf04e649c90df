import Fleet
import Foundation

/// One operator's fleet as shipped in `Fleets/<Operator>.json`.
struct FleetFile: Decodable {
    struct Entry: Decodable {
        var id: String
        var name: String
        var pricePerHour: Int
        var distanceMetres: Int
        var seats: Int
        var fuelPercent: Int
        var plate: String
        /// The operator that rents the car out, when another operator lists it.
        var `operator`: String?
    }

    var `operator`: String
    var refreshLatencyMs: Int
    var cars: [Entry]

    /// The operators of these fleet files (a name, for messages, and the file's bytes), in order,
    /// whose refreshes wait on `clock`.
    static func managers(
        from files: [(name: String, contents: [UInt8])],
        clock: any Clock<Duration> = ContinuousClock()
    ) throws -> [SampleCarManager] {
        try files.map { file in
            let fleet: FleetFile
            do {
                fleet = try JSONDecoder().decode(FleetFile.self, from: Data(file.contents))
            } catch {
                throw CarsDataError(message: "\(file.name): not a fleet file: \(error)")
            }
            let cars = fleet.cars.map {
                Car(
                    id: $0.id, name: $0.name, manager: $0.operator ?? fleet.operator, pricePerHour: $0.pricePerHour,
                    distanceMetres: $0.distanceMetres, seats: $0.seats, fuelPercent: $0.fuelPercent, plate: $0.plate)
            }
            return SampleCarManager(name: fleet.operator, refreshLatency: .milliseconds(fleet.refreshLatencyMs), cars: cars, clock: clock)
        }
    }

    /// The fleet files shipped with the module, compiled in (Package.swift lists them), by name.
    static let shipped: [(name: String, contents: [UInt8])] = [
        ("CityDrive.json", PackageResources.CityDrive_json),
        ("GreenGo.json", PackageResources.GreenGo_json),
        ("UrbanWheels.json", PackageResources.UrbanWheels_json),
    ]
}

/// The shipped data could not be read.
struct CarsDataError: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}
