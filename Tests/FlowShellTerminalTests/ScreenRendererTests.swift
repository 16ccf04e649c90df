import FlowShellKit
@testable import FlowShellRuntime
@testable import FlowShellTerminal
import LineEditor
import Testing

@Suite struct ScreenRendererTests {
    let plain = ScreenRenderer(width: 40, styler: TextStyler(colour: false))

    init() {
        // Display widths come from the C library, which needs a UTF-8 locale as the shell sets.
        Terminal.useEnvironmentLocale()
    }

    @Test func aKeptCommandHintIsTheOneForTheseCommandsAtThisWidth() {
        let hints = CommandHintCache()
        let kept = ScreenRenderer(width: 40, styler: TextStyler(colour: false), hints: hints)
        let narrow = ScreenRenderer(width: 20, styler: TextStyler(colour: false), hints: hints)
        func screen(_ names: [String]) -> ViewProperties {
            ViewProperties(title: "T", commands: names.map { CommandDescription(name: $0, summary: "") })
        }
        #expect(kept.render(screen(["select", "filter"])) == "T\ncommands: select, filter — help for more\n")
        #expect(kept.render(screen(["select", "filter"])) == "T\ncommands: select, filter — help for more\n")
        #expect(kept.render(screen(["book"])) == "T\ncommands: book — help for more\n")
        #expect(narrow.render(screen(["select", "filter"])) == "T\ncommands: select,\nfilter\n— help for more\n")
    }

    @Test func rendersEveryComponentKind() {
        let properties = ViewProperties(
            title: "Title",
            content: [
                .heading("Heading"),
                .text("A paragraph long enough that it has to wrap at forty columns."),
                .list(["one", "two"], numbered: false),
                .list(["first", "second"], numbered: true),
                .table(
                    Table(
                        columns: [Table.Column("Name"), Table.Column("Price", alignment: .trailing)],
                        rows: [["Rio", "9"], ["Model 3", "25"]])),
                .keyValue([KeyValue("Car", "Kia Rio"), KeyValue("Operator", "CityDrive")]),
                .message(.error, "Broken"),
                .message(.success, "Done"),
                .divider,
            ],
            commands: [CommandDescription(name: "go", summary: "Go")],
            status: "status line"
        )
        #expect(
            plain.render(properties) == """
                Title
                Heading
                A paragraph long enough that it has to
                wrap at forty columns.
                • one
                • two
                1. first
                2. second
                Name     Price
                Rio          9
                Model 3     25
                Car:      Kia Rio
                Operator: CityDrive
                ✗ Broken
                ✓ Done
                ────────────────────────────────────────
                status line
                commands: go — help for more

                """)
    }

    @Test func shrinksTablesToTheWidthWithAnEllipsis() {
        let narrow = ScreenRenderer(width: 20, styler: TextStyler(colour: false))
        let lines = narrow.render(
            .table(
                Table(
                    columns: [Table.Column("Car"), Table.Column("Operator")],
                    rows: [["Volkswagen Polo", "CityDrive"]])))
        #expect(lines == ["Car        Operator", "Volkswag…  CityDrive"])
        #expect(lines.allSatisfy { DisplayWidth.of($0) <= 20 })
    }

    @Test func measuresWideAndCombiningCharacters() {
        #expect(DisplayWidth.of("Rio") == 3)
        #expect(DisplayWidth.of("日本") == 4)
        #expect(DisplayWidth.of("e\u{301}") == 1)
        #expect(DisplayWidth.truncate("日本語テキスト", to: 7) == "日本語…")
    }

    @Test func colourWrapsStyledTextInEscapes() {
        let coloured = ScreenRenderer(width: 40, styler: TextStyler(colour: true))
        #expect(coloured.render(.message(.error, "Broken")) == ["\u{1B}[1;31m✗ Broken\u{1B}[0m"])
        #expect(plain.render(.message(.error, "Broken")) == ["✗ Broken"])
    }
}
