@testable import FlowManifest
import Testing

@Suite struct CharacterDescriptionTests {
    @Test(arguments: [
        (Unicode.Scalar("a"), "'a'"),
        ("'", "\"'\""),
        (" ", "U+0020 SPACE"),
        ("\u{0}", "U+0000 NULL"),
        ("\u{7F}", "U+007F DELETE"),
        ("\u{9B}", "U+009B CONTROL"),
        ("\u{A0}", "U+00A0 NO-BREAK SPACE"),
        ("\u{200B}", "U+200B ZERO WIDTH SPACE"),
        ("\u{301}", "U+0301 COMBINING ACUTE ACCENT"),
        ("\u{E000}", "U+E000 PRIVATE USE"),
        ("\u{378}", "U+0378"),
        ("é", "'é' (U+00E9 LATIN SMALL LETTER E WITH ACUTE)"),
        ("а", "'а' (U+0430 CYRILLIC SMALL LETTER A)"),
        ("🚗", "'🚗' (U+1F697 AUTOMOBILE)"),
    ])
    func describesACharacterAsItIsOrByItsName(scalar: Unicode.Scalar, description: String) {
        #expect(CharacterDescription.describe(scalar) == description)
    }

    @Test func describesAByteThatIsNoCharacter() {
        #expect(CharacterDescription.describe(byte: 0xC3) == "byte 0xC3")
        #expect(CharacterDescription.describe(byte: 0x0A) == "byte 0x0A")
    }

    @Test func namesOnlyWhatCannotBeSeen() {
        #expect(CharacterDescription.showingInvisible("cars — Škoda 🚗 'a b'") == "cars — Škoda 🚗 'a b'")
        #expect(
            CharacterDescription.showingInvisible("a\u{A0}b\u{1B}[31m\u{0}") == "a<U+00A0 NO-BREAK SPACE>b<U+001B ESCAPE>[31m<U+0000 NULL>")
    }
}
