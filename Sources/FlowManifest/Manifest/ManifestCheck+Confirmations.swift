extension ManifestCheck {
    /// The commands an agent's person confirms are a loaded screen's own.
    mutating func checkConfirmations(_ confirmed: ConfirmedCommands) {
        guard let screen = feature(confirmed.screen, at: confirmed.path, role: "screen") else { return }
        for (index, command) in confirmed.commands.enumerated() where !screen.commands.contains(command) {
            let known = screen.commands.isEmpty ? "it has none" : "its commands: \(screen.commands.joined(separator: ", "))"
            report(
                .error, confirmed.path.appending(index),
                "'\(screen.id)' has no command '\(command)'\(ManifestDecoder.suggestion(for: command, among: screen.commands)); \(known)")
        }
    }
}
