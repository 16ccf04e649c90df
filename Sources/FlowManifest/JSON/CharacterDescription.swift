/// How a message shows a character from a user's file: as itself when it is plain to see, and
/// by its code point and name when it is not printable or is easily mistaken — so that a
/// no-break space reads `U+00A0 NO-BREAK SPACE` and a byte that begins no character reads
/// `byte 0xC3`, never raw bytes, an invisible character or mojibake.
public enum CharacterDescription {
    /// `'x'` for printable ASCII (`"'"` for the apostrophe); `'“' (U+201C LEFT DOUBLE
    /// QUOTATION MARK)` for any other visible character, since it may be a look-alike of an
    /// ASCII one; `U+00A0 NO-BREAK SPACE` for a character that cannot be seen.
    public static func describe(_ scalar: Unicode.Scalar) -> String {
        if scalar == "'" { return "\"'\"" }
        if scalar.value > 0x20 && scalar.value < 0x7F { return "'\(scalar)'" }
        if isInvisible(scalar) || scalar == " " { return codePointAndName(scalar) }
        return "'\(scalar)' (\(codePointAndName(scalar)))"
    }

    /// Whether `scalar` is a control character or a line or paragraph separator: what one
    /// line of a script cannot hold.
    public static func breaksALine(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .control, .lineSeparator, .paragraphSeparator: true
        default: false
        }
    }

    /// `byte 0xC3`: a byte that is not part of a UTF-8 character.
    static func describe(byte: UInt8) -> String {
        "byte 0x" + hex(UInt32(byte), digits: 2)
    }

    /// `U+00A0 NO-BREAK SPACE`, or the code point alone when Unicode gives it no name.
    static func codePointAndName(_ scalar: Unicode.Scalar) -> String {
        let codePoint = "U+" + hex(scalar.value, digits: 4)
        guard let name = name(of: scalar) else { return codePoint }
        return "\(codePoint) \(name)"
    }

    /// `text` with each character that cannot be seen (controls, format characters, spaces
    /// other than U+0020, unassigned code points) replaced by `<U+00A0 NO-BREAK SPACE>`; what
    /// can be seen is kept as it is.
    static func showingInvisible(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isInvisible) else { return text }
        var result = ""
        for scalar in text.unicodeScalars {
            if isInvisible(scalar) {
                result += "<\(codePointAndName(scalar))>"
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// Whether `scalar` shows nothing, or nothing a reader could tell apart, on its own.
    public static func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .control, .format, .lineSeparator, .paragraphSeparator, .privateUse, .surrogate, .unassigned,
            .nonspacingMark, .enclosingMark:
            return true
        case .spaceSeparator:
            return scalar != " "
        default:
            return false
        }
    }

    private static func name(of scalar: Unicode.Scalar) -> String? {
        if scalar == "\u{FEFF}" { return "ZERO WIDTH NO-BREAK SPACE (a byte-order mark)" }
        if let name = scalar.properties.name { return name }
        if scalar.value < 0x20 { return controlNames[Int(scalar.value)] }
        switch scalar.value {
        case 0x7F: return "DELETE"
        case 0x85: return "NEXT LINE"
        case 0x80...0x9F: return "CONTROL"
        case 0xE000...0xF8FF, 0xF0000...0x10FFFF: return "PRIVATE USE"
        default: return nil
        }
    }

    /// The names of the C0 controls, which Unicode gives only as aliases.
    private static let controlNames = [
        "NULL", "START OF HEADING", "START OF TEXT", "END OF TEXT", "END OF TRANSMISSION", "ENQUIRY",
        "ACKNOWLEDGE", "BELL", "BACKSPACE", "CHARACTER TABULATION", "LINE FEED", "LINE TABULATION",
        "FORM FEED", "CARRIAGE RETURN", "SHIFT OUT", "SHIFT IN", "DATA LINK ESCAPE", "DEVICE CONTROL ONE",
        "DEVICE CONTROL TWO", "DEVICE CONTROL THREE", "DEVICE CONTROL FOUR", "NEGATIVE ACKNOWLEDGE",
        "SYNCHRONOUS IDLE", "END OF TRANSMISSION BLOCK", "CANCEL", "END OF MEDIUM", "SUBSTITUTE", "ESCAPE",
        "FILE SEPARATOR", "GROUP SEPARATOR", "RECORD SEPARATOR", "UNIT SEPARATOR",
    ]

    private static func hex(_ value: UInt32, digits: Int) -> String {
        let text = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, digits - text.count)) + text
    }
}
