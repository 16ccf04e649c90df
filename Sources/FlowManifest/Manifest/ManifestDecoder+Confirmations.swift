extension ManifestDecoder {
    /// `personConfirms`: by screen, the commands an agent runs only with its person's yes.
    mutating func decodeConfirmations(_ value: JSONValue?) -> [ConfirmedCommands] {
        let path = JSONPath.root.appending("personConfirms")
        guard let value, let screens = object(value, at: path) else { return [] }
        var confirmed: [ConfirmedCommands] = []
        for screen in screens {
            guard let commands = stringArray([screen], screen.key, at: path, required: true) else { continue }
            confirmed.append(ConfirmedCommands(screen: screen.key, commands: commands, path: path.appending(screen.key)))
        }
        return confirmed
    }
}
