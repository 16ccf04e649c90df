/// Keeps feature text from driving the terminal: control characters (escape sequences among
/// them) and the bidirectional controls, which reorder what follows them on the line (a plugin's
/// `U+202E` would show `txt.exe` for `exe.txt`), become U+FFFD; tabs become a space. Features
/// describe content; only the theme styles it.
package enum TextSanitizer {
    package static func clean(_ text: String, keepingNewlines: Bool = false) -> String {
        // A control character is a byte below 0x20, 0x7F, or U+0080–U+009F, whose UTF-8 starts
        // with 0xC2; a bidirectional control starts with 0xD8 (U+061C) or 0xE2 (U+200E…U+2069):
        // text with none of those bytes (most) is clean without decoding it. A newline kept is
        // none of them: text of several lines is not rebuilt for its newlines alone.
        let newline: UInt8 = keepingNewlines ? 0x0A : 0xFF
        guard
            text.withUTF8Bytes({
                $0.contains { ($0 < 0x20 && $0 != newline) || $0 == 0x7F || $0 == 0xC2 || $0 == 0xD8 || $0 == 0xE2 }
            }),
            text.unicodeScalars.contains(where: { isControl($0) && !(keepingNewlines && $0 == "\n") })
        else { return text }
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

    /// A C0 or C1 control character, or a bidirectional control: the embeddings and overrides
    /// (U+202A–U+202E), the isolates (U+2066–U+2069) and the marks (U+200E, U+200F, U+061C).
    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0..<0x20, 0x7F...0x9F, 0x202A...0x202E, 0x2066...0x2069, 0x200E, 0x200F, 0x061C: return true
        default: return false
        }
    }
}
