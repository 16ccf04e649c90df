import Dispatch
#if canImport(Glibc)
import Glibc
#endif

/// Tells when the files in a folder change — another process wrote a database there — as an
/// async sequence, one element for each run of changes. The kernel says so (inotify on Linux),
/// nothing polls; a screen follows it as a subscription while it is open. Where the folder
/// cannot be watched (it does not exist, or not on Linux), the sequence ends at once.
public struct FolderChanges: AsyncSequence, Sendable {
    public typealias Element = Void

    /// The folder watched.
    public let folder: String

    /// Changes of the files in `folder`.
    public init(folder: String) {
        self.folder = folder
    }

    public func makeAsyncIterator() -> AsyncStream<Void>.Iterator {
        let (stream, continuation) = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))
        #if os(Linux)
        let descriptor = inotify_init1(Int32(IN_CLOEXEC | IN_NONBLOCK))
        let mask = UInt32(IN_MODIFY) | UInt32(IN_CLOSE_WRITE) | UInt32(IN_MOVED_TO) | UInt32(IN_CREATE) | UInt32(IN_DELETE)
        guard descriptor >= 0, inotify_add_watch(descriptor, folder, mask) >= 0 else {
            if descriptor >= 0 { close(descriptor) }
            continuation.finish()
            return stream.makeAsyncIterator()
        }
        let source = DispatchSource.makeReadSource(fileDescriptor: descriptor, queue: .global())
        source.setEventHandler {
            // What changed does not matter, only that something did.
            var buffer = [UInt8](repeating: 0, count: 4096)
            while buffer.withUnsafeMutableBytes({ read(descriptor, $0.baseAddress, $0.count) }) > 0 {}
            continuation.yield()
        }
        source.setCancelHandler { close(descriptor) }
        let watch = WatchSource(source: source)
        continuation.onTermination = { _ in watch.source.cancel() }
        source.activate()
        #else
        continuation.finish()
        #endif
        return stream.makeAsyncIterator()
    }
}

/// The dispatch source of a watch, cancelled from whichever thread ends the iteration
/// (cancelling a source is safe from any thread).
private struct WatchSource: @unchecked Sendable {
    let source: any DispatchSourceRead
}
