import FlowShellRuntime
import Testing

/// Text from a feature or a plugin cannot drive the terminal: control characters and the
/// bidirectional controls, which reorder what follows them, are shown as U+FFFD.
@Suite struct TextSanitizerTests {
    @Test(arguments: [
        "\u{202A}", "\u{202B}", "\u{202C}", "\u{202D}", "\u{202E}", "\u{2066}", "\u{2067}", "\u{2068}", "\u{2069}",
        "\u{200E}", "\u{200F}", "\u{061C}",
    ])
    func aBidirectionalControlIsShownAsAReplacementCharacter(_ control: String) {
        #expect(TextSanitizer.clean("report\(control)fdp.exe") == "report\u{FFFD}fdp.exe")
        #expect(TextSanitizer.clean("a\n\(control)b", keepingNewlines: true) == "a\n\u{FFFD}b")
    }

    @Test func textOfOtherScriptsIsKeptAsItIs() {
        // Arabic (its letters share U+061C's first byte) and punctuation near the controls.
        for text in ["مرحبا", "— ✗ … ‘quoted’ •", "Kia Rio", "עברית"] {
            #expect(TextSanitizer.clean(text) == text)
        }
    }
}
