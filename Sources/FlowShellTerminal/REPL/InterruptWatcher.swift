import Dispatch
import LineEditor

/// Turns Ctrl-C (and Ctrl-\, SIGTERM, SIGHUP) while a command runs into a call of `onInterrupt`:
/// the signal handler's pipe is watched by a read source on the main queue, so nothing polls.
/// At the prompt the line editor takes a Ctrl-C itself, for the line being typed, and the
/// watcher is suspended (``whileLineIsRead(_:)``); a handler run queued from before finds the
/// interrupt already taken and does nothing, so a Ctrl-C never reaches a later command.
@MainActor
package final class InterruptWatcher {
    private let source: any DispatchSourceRead

    /// Watches the signal handlers' pipe (see ``Terminal/installInterruptHandler()``); nil when
    /// they are not installed.
    package init?(onInterrupt: @escaping @MainActor () -> Void) {
        guard let descriptor = Terminal.interruptDescriptor else { return nil }
        source = DispatchSource.makeReadSource(fileDescriptor: descriptor, queue: .main)
        source.setEventHandler {
            MainActor.assumeIsolated {
                // Taking it also empties the pipe, so the source goes quiet again.
                guard Terminal.takeInterrupt() else { return }
                onInterrupt()
            }
        }
        source.activate()
    }

    /// While a line is read, the line editor takes Ctrl-C itself (it abandons the line): the
    /// watcher steps aside, so that the two never take the same Ctrl-C.
    func whileLineIsRead<Result>(_ read: () async -> Result) async -> Result {
        source.suspend()
        let result = await read()
        source.resume()
        return result
    }

    isolated deinit {
        source.cancel()
    }
}
