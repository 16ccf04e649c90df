import FlowShellKit

/// A screen with every kind of component, which the golden renderings show
/// (`Fixtures/golden`) and which must survive a round trip through JSON.
package enum ComponentGallery {
    /// A screen with every kind of component, wide (日本) and combining (é) characters, emoji,
    /// long words and a table that must shrink.
    package static let properties = ViewProperties(
        title: "Gallery — every component",
        commands: [CommandDescription(name: "go", summary: "Go"), CommandDescription(name: "stay", summary: "Stay")],
        status: "3 of 7 shown, sorted by price, matching 'Škoda'"
    ) {
        Component.heading("Heading: 日本のカーシェア")
        Component.text(
            "A paragraph wraps at the width by display columns: 日本語のテキストは二列ずつ使います, and cafe\u{301} keeps its accent. 🚗 takes two columns. Averyveryverylongwordthatcannotfitonanarrowlineatallsoitiscut."
        )
        Component.list(["First item", "Second item, long enough to wrap onto the next line when the terminal is narrow"], numbered: false)
        Component.list((1...10).map { "Step \($0)" }, numbered: true)
        Component.table(
            Table(
                columns: [
                    Table.Column("ID").keepingWidth(), Table.Column("Car").shrinking(), Table.Column("Operator"),
                    Table.Column("Price").trailing(), Table.Column("Away").trailing(),
                ],
                rows: [
                    ["octavia", "Škoda Octavia", "CityDrive", "13/h", "2.4 km"],
                    ["prius", "トヨタ プリウス", "東京シェア", "9/h", "350 m"],
                    ["model3", "Tesla Model 3 Long Range", "UrbanWheels", "25/h", "3.1 km"],
                    ["short", "Row with a missing cell"],
                ]))
        Component.keyValue([
            KeyValue("Car", "Škoda Octavia"), KeyValue("Operator", "CityDrive"),
            KeyValue("Note", "A value long enough to wrap under itself rather than under the key when narrow"),
        ])
        Component.divider
        Component.message(.error, "Something failed, and the message says what and where.")
        Component.message(.warning, "Something needs attention.")
        Component.message(.success, "Something worked.")
        Component.message(.info, "Something to know.")
        Component.message(.muted, "Something secondary.")
        Component.text("Control characters from a feature are neutralised: \u{1B}[31mnot red\u{1B}[0m.")
    }
}
