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

extension ManifestDecoder {
    /// `agentsReadOnly`: whether agents' sessions refuse the commands that change what the app keeps.
    mutating func decodeAgentsReadOnly(_ value: JSONValue?) -> Bool {
        guard let value else { return false }
        let path = JSONPath.root.appending("agentsReadOnly")
        guard case .bool(let readOnly, let location) = value else {
            mismatch(value, expected: "true or false", at: path)
            return false
        }
        locations[path] = location
        return readOnly
    }
}
