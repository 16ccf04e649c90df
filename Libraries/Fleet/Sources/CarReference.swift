import FlowShellKit

/// Which car a screen is about: the input of a car's details and of booking it, the payload of
/// choosing a car or asking to book it. An identity only: a screen looks up the rest.
public struct CarReference: ScreenValue {
    /// The car's id (`rio`).
    public var carID: String

    /// The reference to the car whose id is `carID`.
    public init(carID: String) {
        self.carID = carID
    }
}
