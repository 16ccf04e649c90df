/// Random hexadecimal text from the system's secure generator: the server's token, tab ids.
package enum RandomToken {
    package static func make(bytes: Int) -> String {
        var generator = SystemRandomNumberGenerator()
        return hexadecimal((0..<bytes).map { _ in UInt8.random(in: 0...255, using: &generator) })
    }

    /// Bytes as hexadecimal text, two lowercase digits a byte.
    package static func hexadecimal(_ bytes: some Sequence<UInt8>) -> String {
        bytes.map { String($0 >> 4, radix: 16) + String($0 & 0xF, radix: 16) }.joined()
    }
}
