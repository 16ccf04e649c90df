import FlowShellKit

/// Which car a screen is about: the input of a car's details, the payload of choosing one.
public struct CarReference: ScreenValue {
    /// The car's id (`rio`).
    public var carID: String

    /// Refers to a car.
    public init(carID: String) {
        self.carID = carID
    }
}
