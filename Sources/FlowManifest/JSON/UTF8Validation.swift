/// Where a config's bytes stop being UTF-8, checked before anything is parsed, so that the
/// parser reads only valid text and a message can name the first bad byte.
enum UTF8Validation {
    /// The offset of the first byte that is not part of valid UTF-8, if any.
    static func firstInvalidByte(in bytes: [UInt8]) -> Int? {
        var index = 0
        while index < bytes.count {
            let lead = bytes[index]
            let length: Int
            var lowest: UInt8 = 0x80
            var highest: UInt8 = 0xBF
            switch lead {
            case 0x00...0x7F: index += 1; continue
            case 0xC2...0xDF: length = 2
            case 0xE0: length = 3; lowest = 0xA0
            case 0xE1...0xEC, 0xEE...0xEF: length = 3
            case 0xED: length = 3; highest = 0x9F
            case 0xF0: length = 4; lowest = 0x90
            case 0xF1...0xF3: length = 4
            case 0xF4: length = 4; highest = 0x8F
            default: return index
            }
            guard index + length <= bytes.count else { return index }
            // Only the second byte has a narrowed range (no overlongs, surrogates or > U+10FFFF).
            guard (lowest...highest).contains(bytes[index + 1]) else { return index }
            for next in (index + 2)..<(index + length) where bytes[next] & 0xC0 != 0x80 {
                return index
            }
            index += length
        }
        return nil
    }
}
