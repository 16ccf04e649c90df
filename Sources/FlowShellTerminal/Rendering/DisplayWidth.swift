import FlowShellRuntime
import LineEditor

/// How many terminal columns text takes, from the C library's `wcwidth` (wide East Asian
/// characters take two, combining marks none).
enum DisplayWidth {
    static func of(_ text: String) -> Int {
        // Printable ASCII, most of what is shown, takes a column a byte: no call into C.
        if text.withUTF8Bytes({ $0.allSatisfy { $0 >= 0x20 && $0 < 0x7F } }) { return text.utf8.count }
        return text.unicodeScalars.reduce(0) { $0 + Terminal.columns(of: $1) }
    }

    /// `text` cut to at most `width` columns, ending with `…` when cut.
    static func truncate(_ text: String, to width: Int) -> String {
        guard of(text) > width else { return text }
        guard width > 1 else { return width == 1 ? "…" : "" }
        var result = ""
        var used = 0
        for character in text {
            let characterWidth = of(String(character))
            if used + characterWidth > width - 1 { break }
            result.append(character)
            used += characterWidth
        }
        return result + "…"
    }

    /// `text` padded with spaces to `width` columns, on the right or the left.
    static func pad(_ text: String, to width: Int, trailing: Bool = false) -> String {
        let padding = String(repeating: " ", count: max(0, width - of(text)))
        return trailing ? padding + text : text + padding
    }
}
