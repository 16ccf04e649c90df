extension String {
    /// Runs `body` over the string's UTF-8 bytes in place (a native string already has them
    /// contiguous: no copy). Rendering scans every line and cell this way, because a loop over
    /// a plain buffer of bytes does less for each byte than one over the string's UTF-8 view.
    package func withUTF8Bytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        var text = self
        return text.withUTF8(body)
    }
}
