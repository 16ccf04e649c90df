/// A setting a feature module declares for the person at the prompt: its name, the values it
/// takes, its default and one line on what it does. `set` lists and changes it beside the
/// shell's own settings, Tab offers its name and values, and `help set` names it; its value is
/// kept per user in the module's store (``ScreenContext/store``), as the module's other small
/// settings are.
///
/// ```swift
/// static let hours = ModuleSetting("booking-hours", values: ["1", "2", "3", "4"], default: "1",
///                                  summary: "the hours a new booking starts with")
/// FeatureModule(name: "Booking", screens: [...], settings: [hours])
/// let hours = Int(context.store.value(of: BookingModule.hours)) ?? 1
/// ```
public struct ModuleSetting: Sendable, Equatable {
    /// The word typed after `set` (`booking-hours`): lower-case words joined by `-`, as the
    /// shell's own (`confirm-quit`).
    public let name: String
    /// The values it takes, as typed.
    public let values: [String]
    /// Its value until the person sets another.
    public let defaultValue: String
    /// What it does, in one line, as `set` lists it.
    public let summary: String

    /// Declares a setting; `defaultValue` should be one of `values`.
    public init(_ name: String, values: [String], default defaultValue: String, summary: String) {
        self.name = name
        self.values = values
        self.defaultValue = defaultValue
        self.summary = summary
    }

    /// The key it is kept under in its module's store.
    package var storeKey: String { "set.\(name)" }
}

extension KeyValueStore {
    /// The value of `setting` kept in this store (its module's), or its default when none is
    /// kept or what is kept is not one of its values.
    public func value(of setting: ModuleSetting) -> String {
        guard let kept = value(for: setting.storeKey), setting.values.contains(kept) else { return setting.defaultValue }
        return kept
    }

    /// Keeps `value` for `setting` in this store (a test's, or a module that sets its own);
    /// throws a ``UserFacingError`` when it is not one of its values, or when it cannot be kept.
    public func setValue(_ value: String, of setting: ModuleSetting) throws {
        guard setting.values.contains(value) else {
            throw UserFacingError("\(setting.name) must be \(setting.values.joined(separator: ", ")), not '\(value)'")
        }
        try setValue(value, for: setting.storeKey)
    }
}
