/// Keeps feature text from driving the terminal: control characters (escape sequences among
/// them) become U+FFFD, tabs become a space. Features describe content; only the theme styles it.
package enum TextSanitizer {
    package static func clean(_ text: String, keepingNewlines: Bool = false) -> String {
        // A control character is a byte below 0x20, 0x7F, or U+0080–U+009F, whose UTF-8 starts
        // with 0xC2: text with none of those bytes (most) is clean without decoding it.
        guard text.withUTF8Bytes({ $0.contains { $0 < 0x20 || $0 == 0x7F || $0 == 0xC2 } }),
              text.unicodeScalars.contains(where: { isControl($0) }) else { return text }
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if scalar == "\t" {
                result.append(" ")
            } else if scalar == "\n" && keepingNewlines {
                result.append(scalar)
            } else if isControl(scalar) {
                result.append("\u{FFFD}")
            } else {
                result.append(scalar)
            }
        }
        return String(result)
    }

    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }
}
