@testable import FlowShell
import FlowShellKit
@testable import FlowShellRuntime
@testable import FlowShellTerminal
import Foundation
import LineEditor
import Testing

/// Every component kind rendered at 40, 80 and 120 columns, plain and in colour, compared with
/// the files in Fixtures/golden (escape characters written there as ␛). Run with
/// FLOWSHELL_UPDATE_GOLDEN=1 to rewrite them after an intended change, then read the diff.
@Suite struct GoldenRenderingTests {
    static let folder = FlowShellBinary.repository.appendingPathComponent("Tests/FlowShellTests/Fixtures/golden")

    init() {
        Terminal.useEnvironmentLocale()
    }

    /// A screen with every kind of component, wide (日本) and combining (é) characters, emoji,
    /// long words and a table that must shrink.
    static let gallery = ViewProperties(
        title: "Gallery — every component",
        commands: [CommandDescription(name: "go", summary: "Go"), CommandDescription(name: "stay", summary: "Stay")],
        status: "3 of 7 shown, sorted by price, matching 'Škoda'"
    ) {
        Component.heading("Heading: 日本のカーシェア")
        Component.text("A paragraph wraps at the width by display columns: 日本語のテキストは二列ずつ使います, and cafe\u{301} keeps its accent. 🚗 takes two columns. Averyveryverylongwordthatcannotfitonanarrowlineatallsoitiscut.")
        Component.list(["First item", "Second item, long enough to wrap onto the next line when the terminal is narrow"], numbered: false)
        Component.list((1...10).map { "Step \($0)" }, numbered: true)
        Component.table(Table(
            columns: [Table.Column("ID").keepingWidth(), Table.Column("Car").shrinking(), Table.Column("Operator"),
                      Table.Column("Price").trailing(), Table.Column("Away").trailing()],
            rows: [
                ["octavia", "Škoda Octavia", "CityDrive", "13/h", "2.4 km"],
                ["prius", "トヨタ プリウス", "東京シェア", "9/h", "350 m"],
                ["model3", "Tesla Model 3 Long Range", "UrbanWheels", "25/h", "3.1 km"],
                ["short", "Row with a missing cell"],
            ]))
        Component.keyValue([KeyValue("Car", "Škoda Octavia"), KeyValue("Operator", "CityDrive"),
                            KeyValue("Note", "A value long enough to wrap under itself rather than under the key when narrow")])
        Component.divider
        Component.message(.error, "Something failed, and the message says what and where.")
        Component.message(.warning, "Something needs attention.")
        Component.message(.success, "Something worked.")
        Component.message(.info, "Something to know.")
        Component.message(.muted, "Something secondary.")
        Component.text("Control characters from a feature are neutralised: \u{1B}[31mnot red\u{1B}[0m.")
    }

    @Test(arguments: [40, 80, 120], [false, true])
    func galleryMatchesTheGoldenFile(width: Int, colour: Bool) throws {
        let renderer = ScreenRenderer(width: width, styler: TextStyler(colour: colour))
        let rendered = renderer.render(Self.gallery).replacingOccurrences(of: "\u{1B}", with: "␛")
        let file = Self.folder.appendingPathComponent("gallery-\(width)\(colour ? "-colour" : "").txt")
        if ProcessInfo.processInfo.environment["FLOWSHELL_UPDATE_GOLDEN"] == "1" {
            try Data(rendered.utf8).write(to: file)
            return
        }
        let golden = try String(contentsOf: file, encoding: .utf8)
        #expect(rendered == golden)
        // Nothing is wider than the terminal.
        for line in renderer.render(Self.gallery).components(separatedBy: "\n") {
            let visible = line.replacingOccurrences(of: "\u{1B}\\[[0-9;]*m", with: "", options: .regularExpression)
            #expect(DisplayWidth.of(visible) <= width, "too wide at \(width): \(visible)")
        }
        #expect(!rendered.contains("␛[31m") && rendered.contains("\u{FFFD}[31mnot red"), "a feature's escape sequence reached the terminal")
        #expect(colour == rendered.contains("␛["))
    }
}
