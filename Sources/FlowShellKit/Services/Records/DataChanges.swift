/// When data a screen shows may have changed, as an async sequence a screen follows while it is
/// open (`.following`): each element names what changed (`BK-1002`), or is nil when anything may
/// have. The first element, nil, comes as soon as every later change will be told — at once for a
/// folder or memory, once a database's listener listens — since what the screen read before may
/// be out of date by then; a change made on another server of the flow comes as one made here does.
public struct DataChanges: AsyncSequence, Sendable {
    public typealias Element = String?

    private let make: @Sendable () -> AsyncStream<String?>

    /// Changes told by the stream `make` returns, made anew each time the sequence is followed.
    public init(_ make: @escaping @Sendable () -> AsyncStream<String?>) {
        self.make = make
    }

    /// The changes of a database in a folder: each is told as nil (read everything again).
    public init(_ folder: FolderChanges) {
        make = {
            let (stream, continuation) = AsyncStream<String?>.makeStream(bufferingPolicy: .bufferingNewest(1))
            let following = Task {
                for await _ in folder { continuation.yield(nil) }
                continuation.finish()
            }
            continuation.onTermination = { _ in following.cancel() }
            return stream
        }
    }

    /// No changes: the sequence ends at once.
    public static let none = DataChanges {
        let (stream, continuation) = AsyncStream<String?>.makeStream()
        continuation.finish()
        return stream
    }

    public func makeAsyncIterator() -> AsyncStream<String?>.Iterator {
        make().makeAsyncIterator()
    }
}
