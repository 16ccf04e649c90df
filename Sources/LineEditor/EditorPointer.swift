/// libedit's editor, handed to another thread that uses it alone: the reader thread while a
/// line is read, or ``LineReaderControl`` under its lock. (A C pointer is not Sendable.)
struct EditorPointer: @unchecked Sendable {
    let editor: OpaquePointer
    init(_ editor: OpaquePointer) { self.editor = editor }
}
