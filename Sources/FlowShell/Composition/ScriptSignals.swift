import Dispatch
import FlowPlugins
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// In a script (stdin not a terminal), SIGTERM and SIGHUP end the shell at once, as their
/// default action would, but first stop every plugin it started with its process group — which
/// nothing else would stop when a plugin ignores its stdin's end. So does SIGINT (Ctrl-C) when
/// nothing else takes it: lines piped in, not a script file whose running command it cancels.
/// Watched on a queue of its own, as the shell's main thread may be waiting for the script's
/// next line, or for its plugins to exit.
enum ScriptSignals {
    /// The watches; kept for the process's life.
    nonisolated(unsafe) private static var sources: [any DispatchSourceSignal] = []

    /// Starts watching SIGTERM and SIGHUP, and SIGINT when `interrupts` is true.
    static func install(interrupts: Bool) {
        for number in [SIGTERM, SIGHUP] + (interrupts ? [SIGINT] : []) {
            // Ignored, so that the watch alone sees it; a plugin starts with the default again.
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler {
                RunningPlugins.killAll()
                _exit(128 + number)
            }
            source.resume()
            sources.append(source)
        }
    }
}
