import FlowManifest
import FlowShellKit

/// What `set` changes at run time, kept per app: colour, the output width, a pager for long
/// output, and whether `quit` inside a modal layer asks to be typed again.
public struct ShellSettings: Equatable, Sendable {
    /// A setting's name, its values, and what it does.
    package struct Setting: Sendable, Equatable {
        package let name: String
        package let values: [String]
        package let summary: String
    }

    /// Every setting, as `set` lists them.
    package static let all = [
        Setting(name: "color", values: ["auto", "on", "off"], summary: "colour and text attributes (auto: on a terminal, unless NO_COLOR)"),
        Setting(name: "width", values: ["auto", "40", "80", "120"], summary: "the output width in columns (auto: the terminal's)"),
        Setting(name: "pager", values: ["on", "off"], summary: "long output through $PAGER (less -R) on a terminal"),
        Setting(name: "confirm-quit", values: ["on", "off"], summary: "quit inside a modal layer asks to be typed again"),
    ]

    /// The value of each setting, by name.
    private(set) var values: [String: String] = ["color": "auto", "width": "auto", "pager": "on", "confirm-quit": "on"]

    /// The settings kept in `store`, with the defaults for the rest.
    @MainActor
    init(store: any KeyValueStore) {
        for setting in Self.all {
            if let value = store.value(for: "set.\(setting.name)"), (try? Self.check(setting.name, value)) != nil {
                values[setting.name] = value
            }
        }
    }

    /// The value of `name`.
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

    /// Sets `name` to `value`, kept in `store`; throws a message naming what is allowed.
    @MainActor
    mutating func set(_ name: String, to value: String, in store: any KeyValueStore) throws {
        let value = try Self.check(name, value)
        values[name] = value
        try store.setValue(value, for: "set.\(name)")
    }

    /// The value as stored, or an error for an unknown setting or a wrong value.
    static func check(_ name: String, _ value: String) throws -> String {
        guard let setting = all.first(where: { $0.name == name }) else {
            let hint = EditDistance.closest(to: name, among: all.map(\.name)).map { " — did you mean '\($0)'?" } ?? ""
            throw UserFacingError("no setting '\(name)'\(hint); settings: \(all.map(\.name).joined(separator: ", "))")
        }
        let lowered = value.lowercased()
        if setting.name == "width", let columns = Int(lowered) {
            guard (20...1000).contains(columns) else { throw UserFacingError("width must be auto or a number of columns from 20 to 1000, not '\(value)'") }
            return String(columns)
        }
        guard setting.values.contains(lowered) else {
            throw UserFacingError("\(name) must be \(setting.values.joined(separator: ", ")), not '\(value)'")
        }
        return lowered
    }
}
