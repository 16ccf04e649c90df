import FlowShellRuntime
extension String {
    /// Runs `body` over the string's UTF-8 bytes in place (a native string already has them
    /// contiguous: no copy). Rendering scans every line and cell this way, because a loop over
    /// a buffer costs a few instructions a byte and one over the UTF-8 view several times that.
    func withUTF8Bytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        var text = self
        return text.withUTF8(body)
    }
}
