extension ManifestDecoder {
    static let pluginKeys = ["module", "command", "timeoutMs"]

    /// The `plugins` array: each a module name, a non-empty command and an optional timeout.
    mutating func decodePlugins(_ value: JSONValue?) -> [PluginDeclaration] {
        let path = JSONPath.root.appending("plugins")
        guard let value else { return [] }
        guard case .array(let elements, let location) = value else {
            mismatch(value, expected: "an array of plugins", at: path)
            return []
        }
        locations[path] = location
        var plugins: [PluginDeclaration] = []
        for (index, element) in elements.enumerated() {
            let pluginPath = path.appending(index)
            guard let fields = object(element, at: pluginPath) else { continue }
            checkKeys(fields, allowed: Self.pluginKeys, at: pluginPath)
            let module = requiredString(fields, "module", at: pluginPath)
            let command = stringArray(fields, "command", at: pluginPath, required: true)
            let timeout = decodeTimeout(member(fields, "timeoutMs"), at: pluginPath.appending("timeoutMs"))
            guard let module, let command, let timeout else { continue }
            if !Self.isPlainName(module) || module.contains(".") {
                error(at: pluginPath.appending("module"), "module '\(module)' must be a plain name (letters, digits, '_' or '-')")
                continue
            }
            if command.isEmpty {
                error(
                    at: pluginPath.appending("command"),
                    "a plugin's command names at least its program, as in [\"python3\", \"plugins/weather.py\"]")
                continue
            }
            if plugins.contains(where: { $0.module == module }) {
                error(at: pluginPath.appending("module"), "module '\(module)' is provided by an earlier plugin already")
                continue
            }
            plugins.append(PluginDeclaration(module: module, command: command, timeoutMilliseconds: timeout, path: pluginPath))
        }
        return plugins
    }

    /// A request's time limit: a whole number of milliseconds from 1 to 600,000, or the default.
    private mutating func decodeTimeout(_ value: JSONValue?, at path: JSONPath) -> Int? {
        guard let value else { return PluginDeclaration.defaultTimeoutMilliseconds }
        guard case .number(let text, let location) = value, let milliseconds = Int(text), (1...600_000).contains(milliseconds) else {
            diagnostics.append(
                Diagnostic(
                    .error, file: file, location: value.location, path: path,
                    message: "must be a whole number of milliseconds from 1 to 600000"))
            return nil
        }
        locations[path] = location
        return milliseconds
    }
}
