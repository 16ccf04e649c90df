import Dispatch
import FlowPlugins
import Foundation
import LineEditor
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
        guard !interrupts else { return watchAllOnAThreadOfTheirOwn() }
        for number in [SIGTERM, SIGHUP] {
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

    /// Lines piped in: the terminal's signal handlers (which record the signal and write to a
    /// pipe, taken by a thread that unblocks them whatever mask the shell was started with) and
    /// a thread that waits on that pipe. A dispatch signal source was not enough here: started
    /// by a program that blocks these signals, or with them ignored, the shell missed some.
    private static func watchAllOnAThreadOfTheirOwn() {
        Terminal.installInterruptHandler()
        guard let descriptor = Terminal.interruptDescriptor else { return }
        let thread = Thread {
            var wait = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            while true {
                guard poll(&wait, 1, -1) >= 0 || errno == EINTR else { return }
                let number = Terminal.terminationSignal ?? (Terminal.takeInterrupt() ? SIGINT : nil)
                guard let number else { continue }
                RunningPlugins.killAll()
                _exit(128 + number)
            }
        }
        thread.name = "script signals"
        thread.start()
    }
}
