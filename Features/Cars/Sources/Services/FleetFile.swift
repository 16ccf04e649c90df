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

    /// The operators of the fleet files in `folder`, sorted by name.
    static func managers(in folder: URL) throws -> [SampleCarManager] {
        let files = try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "json" }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
        return try files.map { file in
            let fleet: FleetFile
            do {
                fleet = try JSONDecoder().decode(FleetFile.self, from: Data(contentsOf: file))
            } catch {
                throw CarsDataError(message: "\(file.lastPathComponent): not a fleet file: \(error)")
            }
            let cars = fleet.cars.map {
                Car(id: $0.id, name: $0.name, manager: $0.operator ?? fleet.operator, pricePerHour: $0.pricePerHour,
                    distanceMetres: $0.distanceMetres, seats: $0.seats, fuelPercent: $0.fuelPercent, plate: $0.plate)
            }
            return SampleCarManager(name: fleet.operator, refreshLatency: .milliseconds(fleet.refreshLatencyMs), cars: cars)
        }
    }

    /// The fleet files shipped with the module.
    static var shippedFolder: URL? {
        Bundle.module.url(forResource: "Fleets", withExtension: nil)
    }
}

/// The shipped data could not be read.
struct CarsDataError: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}
