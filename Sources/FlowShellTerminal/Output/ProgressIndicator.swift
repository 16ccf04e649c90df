import FlowShellRuntime
/// A spinner on one terminal line while a slow command runs, erased when it ends.
@MainActor
final class ProgressIndicator {
    static let frames = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]
    static let interval = Duration.milliseconds(100)

    private let console: Console
    private let styler: TextStyler
    private var spinner: Task<Void, Never>?

    init(console: Console, styler: TextStyler) {
        self.console = console
        self.styler = styler
    }

    func start() {
        guard spinner == nil else { return }
        let console = self.console
        let styler = self.styler
        spinner = Task { @MainActor in
            var frame = 0
            while !Task.isCancelled {
                console.write("\r" + styler.apply(.message(.muted), "\(Self.frames[frame]) working… Ctrl-C cancels") + "\u{1B}[K")
                frame = (frame + 1) % Self.frames.count
                try? await Task.sleep(for: Self.interval)
            }
        }
    }

    /// Whether the spinner shows.
    var isRunning: Bool { spinner != nil }

    /// Erases the spinner's line, for something to be written there; its next frame comes below.
    func erase() {
        guard spinner != nil else { return }
        console.write("\r\u{1B}[K")
    }

    func stop() {
        guard let spinner else { return }
        spinner.cancel()
        self.spinner = nil
        console.write("\r\u{1B}[K")
    }
}
