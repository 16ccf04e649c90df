import FlowManifest
import FlowShellKit

/// What `set` changes at run time, kept per app: colour, the output width, a pager for long
/// output, and whether `quit` inside a modal layer asks to be typed again. The settings that
/// the flow's modules declare (``ModuleSetting``) are listed and changed beside these, and kept
/// in each module's store.
public struct ShellSettings: Equatable, Sendable {
    /// A setting's name, its values, its default, and what it does; a module's names the module.
    package struct Setting: Sendable, Equatable {
        package let name: String
        package let values: [String]
        package let defaultValue: String
        package let summary: String
        /// The module that declares it; nil for the shell's own.
        package let module: String?

        init(name: String, values: [String], defaultValue: String, summary: String, module: String? = nil) {
            self.name = name
            self.values = values
            self.defaultValue = defaultValue
            self.summary = summary
            self.module = module
        }

        /// A module's setting, as `set` lists it.
        init(_ setting: ModuleSetting, of module: String) {
            self.init(
                name: setting.name, values: setting.values, defaultValue: setting.defaultValue, summary: setting.summary, module: module)
        }

        /// `on or off`, `auto, always or never`: the values a setting takes, as a person says them.
        static func either(_ values: [String]) -> String {
            guard let last = values.last, values.count > 1 else { return values.first ?? "" }
            return values.dropLast().joined(separator: ", ") + " or " + last
        }

        /// The value as stored, or an error naming what is allowed.
        func check(_ value: String) throws -> String {
            let lowered = value.lowercased()
            if module == nil, name == "width", let columns = Int(lowered) {
                guard (20...1000).contains(columns) else {
                    throw UserFacingError("width must be auto or a number of columns from 20 to 1000, not '\(value)'")
                }
                return String(columns)
            }
            // A module's values are kept as declared; the shell's are lower-case words.
            guard let allowed = values.first(where: { $0.lowercased() == lowered }) else {
                throw UserFacingError("\(name) must be \(Self.either(values)), not '\(value)'")
            }
            return allowed
        }
    }

    /// The shell's own settings, as `set` lists them.
    package static let builtIn = [
        Setting(
            name: "color", values: ["auto", "on", "off"], defaultValue: "auto",
            summary: "colour and text attributes (auto: on a terminal, unless NO_COLOR or TERM=dumb)"),
        Setting(
            name: "width", values: ["auto", "40", "80", "120"], defaultValue: "auto",
            summary: "the output width in columns (auto: the terminal's)"),
        Setting(name: "pager", values: ["on", "off"], defaultValue: "on", summary: "long output through $PAGER (less -R) on a terminal"),
        Setting(
            name: "confirm-quit", values: ["on", "off"], defaultValue: "on", summary: "quit inside a modal layer asks to be typed again"),
    ]

    /// The value of each of the shell's own settings, by name.
    private(set) var values: [String: String] = Dictionary(uniqueKeysWithValues: builtIn.map { ($0.name, $0.defaultValue) })

    /// The settings kept in `store`, with the defaults for the rest.
    @MainActor
    init(store: any KeyValueStore) {
        for setting in Self.builtIn {
            if let value = store.value(for: "set.\(setting.name)"), let checked = try? setting.check(value) {
                values[setting.name] = checked
            }
        }
    }

    /// The value of `name`, one of the shell's own settings.
    public subscript(name: String) -> String {
        values[name] ?? ""
    }

    /// The width asked for, or nil for the terminal's.
    public var width: Int? { Int(self["width"]) }
    /// Whether colour is forced on (true), off (false) or left to the terminal (nil).
    public var colour: Bool? { self["color"] == "auto" ? nil : self["color"] == "on" }
    /// Whether long output goes through a pager.
    public var pager: Bool { self["pager"] == "on" }
    /// Whether quitting inside a modal layer asks to be typed again.
    public var confirmsQuit: Bool { self["confirm-quit"] == "on" }

    /// Sets the shell's own setting `name` to `value`, kept in `store`; throws a message naming
    /// what is allowed.
    @MainActor
    mutating func set(_ name: String, to value: String, in store: any KeyValueStore) throws {
        guard let setting = Self.builtIn.first(where: { $0.name == name }) else { throw UserFacingError("no setting '\(name)'") }
        let value = try setting.check(value)
        values[name] = value
        try store.setValue(value, for: "set.\(name)")
    }
}
