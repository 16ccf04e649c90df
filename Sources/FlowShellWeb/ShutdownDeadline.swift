import Dispatch
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Calls `expire` a grace period after the process is first told to stop (SIGTERM or SIGINT),
/// beside the graceful shutdown that Hummingbird's service group starts on the same signals
/// (a signal's dispatch sources all see it). Hand-written rather than through the service
/// group's own escalation, which would make swift-service-lifecycle a dependency of ours for
/// one setting.
final class ShutdownDeadline {
    private let sources: [any DispatchSourceSignal]

    init(grace: Duration, expire: @escaping @Sendable () -> Void) {
        let queue = DispatchQueue(label: "flowshell-serve.shutdown-deadline")
        let seconds = Double(grace.components.seconds) + Double(grace.components.attoseconds) / 1e18
        sources = [SIGTERM, SIGINT].map { number in
            // A dispatch source sees a signal only when its default action is off; the service
            // group turns it off too.
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
            source.setEventHandler {
                queue.asyncAfter(deadline: .now() + seconds, execute: expire)
            }
            source.resume()
            return source
        }
    }

    /// Stops watching the signals (the server ended).
    func stop() {
        sources.forEach { $0.cancel() }
    }
}
