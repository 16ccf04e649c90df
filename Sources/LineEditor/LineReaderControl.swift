import CEditShim
import Synchronization

/// What threads other than the main actor may ask of an ``EditLineReader`` — a server's network
/// thread, which relays a session's keys to its terminal: whether a line is being read (a Ctrl-C
/// typed then is the line's; typed while a command runs, it is the command's), and, for a
/// session's terminal, that its window changed size. Once the reader is gone it answers that
/// nothing is read and does nothing.
public final class LineReaderControl: Sendable {
    /// The reader's editor while it is there, used only under the lock.
    private let editor = Mutex<EditorPointer?>(nil)

    init() {}

    func attach(_ editor: OpaquePointer) {
        self.editor.withLock { $0 = EditorPointer(editor) }
    }

    func detach() {
        editor.withLock { $0 = nil }
    }

    /// Whether the reader is reading a line now (the terminal is in the line editor's mode).
    public var isReadingLine: Bool {
        editor.withLock { $0.map { fs_editor_is_reading($0.editor) != 0 } ?? false }
    }

    /// Tells the reader of a session's terminal that its window size changed (already set on
    /// the terminal): the line being read is fitted to it now, or the next one is.
    public func windowResized() {
        editor.withLock { pointer in
            if let pointer { fs_editor_resized(pointer.editor) }
        }
    }
}
