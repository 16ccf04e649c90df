/// Turns a parsed JSON document into a ``Manifest``, collecting every structural problem
/// (missing keys, wrong types, unknown keys, unknown styles) instead of stopping at the first.
struct ManifestDecoder {
    static let topLevelKeys = [
        "$schema", "app", "root", "modules", "maxDepth", "transitions", "flows", "guards", "links", "plugins", "examples",
        "personConfirms", "agentsReadOnly",
    ]
    static let transitionKeys = ["from", "on", "command", "summary", "to", "flow", "style", "requires"]
    static let flowKeys = ["root", "transitions", "finish"]
    static let guardKeys = ["flow", "style"]
    static let linkKeys = ["screens", "requires"]

    let file: String
    var diagnostics: [Diagnostic] = []
    var locations: [JSONPath: SourceLocation] = [:]

    init(file: String) {
        self.file = file
    }

    /// The manifest without the parts that did not decode (broken transitions, flows, guards
    /// and links are left out), or nil when its top level did not; the problems are in
    /// ``diagnostics``.
    mutating func decode(_ document: JSONValue) -> Manifest? {
        guard let members = object(document, at: .root) else { return nil }
        checkKeys(members, allowed: Self.topLevelKeys, at: .root)

        let app = requiredString(members, "app", at: .root)
        if let app, !Self.isPlainName(app) {
            error(
                at: JSONPath.root.appending("app"),
                "app '\(app)' must be a plain name (letters, digits, '.', '_' or '-'): it names the history folder")
        }
        let root = requiredString(members, "root", at: .root)
        let modules = stringArray(members, "modules", at: .root, required: true)
        let transitions = transitionArray(member(members, "transitions"), at: JSONPath.root.appending("transitions"))
        let flows = decodeFlows(member(members, "flows"))
        let guards = decodeGuards(member(members, "guards"))
        let links = decodeLinks(member(members, "links"))
        let maxDepth = decodeMaxDepth(member(members, "maxDepth"))
        let plugins = decodePlugins(member(members, "plugins"))
        let examples = decodeExamples(member(members, "examples"))
        let personConfirms = decodeConfirmations(member(members, "personConfirms"))
        let agentsReadOnly = decodeAgentsReadOnly(member(members, "agentsReadOnly"))

        guard let app, let root, let modules, let transitions else { return nil }
        return Manifest(
            app: app, root: root, modules: modules, transitions: transitions, flows: flows, guards: guards, links: links,
            maxDepth: maxDepth, plugins: plugins, examples: examples, personConfirms: personConfirms, agentsReadOnly: agentsReadOnly,
            locations: locations)
    }

    // MARK: - Pieces

    /// The depth limit: a whole number from 2 to 10,000, or the default.
    private mutating func decodeMaxDepth(_ value: JSONValue?) -> Int {
        guard let value else { return Manifest.defaultMaxDepth }
        let path = JSONPath.root.appending("maxDepth")
        guard case .number(let text, let location) = value else {
            mismatch(value, expected: "a whole number from 2 to 10000", at: path)
            return Manifest.defaultMaxDepth
        }
        guard let depth = Int(text), (2...10_000).contains(depth) else {
            diagnostics.append(
                Diagnostic(
                    .error, file: file, location: location, path: path,
                    message: "must be a whole number from 2 to 10000, not \(text)"))
            return Manifest.defaultMaxDepth
        }
        locations[path] = location
        return depth
    }

    /// Whether `name` can be typed as a command: a letter, then letters, digits or '-'.
    static func isCommandName(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, first.properties.isAlphabetic, first.isASCII else { return false }
        return name.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "-") }
    }

    private mutating func transitionArray(_ value: JSONValue?, at path: JSONPath) -> [Transition]? {
        guard let value else { return [] }
        guard case .array(let elements, let location) = value else {
            mismatch(value, expected: "an array of transitions", at: path)
            return nil
        }
        locations[path] = location
        var transitions: [Transition] = []
        for (index, element) in elements.enumerated() {
            let elementPath = path.appending(index)
            guard let fields = object(element, at: elementPath) else { continue }
            checkKeys(fields, allowed: Self.transitionKeys, at: elementPath)
            let from = requiredString(fields, "from", at: elementPath)
            // An edge starts on an event the screen emits, or on a command the config adds to it.
            let isCommand = member(fields, "command") != nil
            if isCommand, member(fields, "on") != nil {
                error(at: elementPath, "a transition starts on an event ('on') or on a command ('command'), not both")
            } else if !isCommand, member(fields, "summary") != nil {
                error(at: elementPath.appending("summary"), "'summary' describes a 'command'; an event's transition has none")
            }
            let on = requiredString(fields, isCommand ? "command" : "on", at: elementPath)
            let summary = optionalString(fields, "summary", at: elementPath)
            let to = optionalString(fields, "to", at: elementPath)
            let flow = optionalString(fields, "flow", at: elementPath)
            let style = requiredStyle(fields, at: elementPath)
            let requires = stringArray(fields, "requires", at: elementPath, required: false)
            guard let from, let on, let style, let requires, case .some(let target) = to, case .some(let flowName) = flow,
                case .some(let summaryText) = summary
            else { continue }
            if isCommand, !Self.isCommandName(on) {
                error(
                    at: elementPath.appending("command"),
                    "'\(on)' is not a command name: use letters, digits and '-', starting with a letter")
                continue
            }
            transitions.append(
                Transition(
                    from: from, on: on, to: target, flow: flowName, style: style,
                    requires: requires, isCommand: isCommand, summary: summaryText, path: elementPath))
        }
        return transitions
    }

    private mutating func decodeFlows(_ value: JSONValue?) -> [String: SubFlow] {
        let path = JSONPath.root.appending("flows")
        guard let value, let entries = object(value, at: path) else { return [:] }
        var flows: [String: SubFlow] = [:]
        for entry in entries {
            let flowPath = path.appending(entry.key)
            guard let fields = object(entry.value, at: flowPath) else { continue }
            checkKeys(fields, allowed: Self.flowKeys, at: flowPath)
            if entry.key.contains(".") || entry.key.isEmpty {
                error(at: flowPath, "flow name '\(entry.key)' must not be empty or contain '.': results are named '<flow>.<result>'")
                continue
            }
            let root = requiredString(fields, "root", at: flowPath)
            let transitions = transitionArray(member(fields, "transitions"), at: flowPath.appending("transitions"))
            var finish: [String: String] = [:]
            let finishPath = flowPath.appending("finish")
            if let finishValue = member(fields, "finish"), let results = object(finishValue, at: finishPath) {
                for result in results {
                    if let name = string(result.value, at: finishPath.appending(result.key)) { finish[result.key] = name }
                }
            } else if member(fields, "finish") == nil {
                error(at: flowPath, "missing required key 'finish' (the events that end the flow, each with its result)")
            }
            guard let root, let transitions else { continue }
            flows[entry.key] = SubFlow(name: entry.key, root: root, transitions: transitions, finish: finish, path: flowPath)
        }
        return flows
    }

    private mutating func decodeGuards(_ value: JSONValue?) -> [String: GuardDefinition] {
        let path = JSONPath.root.appending("guards")
        guard let value, let entries = object(value, at: path) else { return [:] }
        var guards: [String: GuardDefinition] = [:]
        for entry in entries {
            let guardPath = path.appending(entry.key)
            guard let fields = object(entry.value, at: guardPath) else { continue }
            checkKeys(fields, allowed: Self.guardKeys, at: guardPath)
            let flow = requiredString(fields, "flow", at: guardPath)
            let style = member(fields, "style") == nil ? .present : requiredStyle(fields, at: guardPath)
            guard let flow, let style else { continue }
            guards[entry.key] = GuardDefinition(condition: entry.key, flow: flow, style: style, path: guardPath)
        }
        return guards
    }

    private mutating func decodeLinks(_ value: JSONValue?) -> [LinkPattern] {
        let path = JSONPath.root.appending("links")
        guard let value, let entries = object(value, at: path) else { return [] }
        var links: [LinkPattern] = []
        for entry in entries {
            let linkPath = path.appending(entry.key)
            var screens: [String]?
            var requires: [String]? = []
            if case .array = entry.value {
                screens = stringArray(
                    [JSONValue.Member(key: "screens", keyLocation: entry.keyLocation, value: entry.value)],
                    "screens", at: path, required: true, named: linkPath)
            } else if let fields = object(entry.value, at: linkPath) {
                checkKeys(fields, allowed: Self.linkKeys, at: linkPath)
                screens = stringArray(fields, "screens", at: linkPath, required: true)
                requires = stringArray(fields, "requires", at: linkPath, required: false)
            }
            guard let screens, let requires else { continue }
            if screens.isEmpty {
                error(at: linkPath, "a link opens at least one screen")
                continue
            }
            guard let link = LinkPattern(pattern: entry.key, screens: screens, requires: requires, path: linkPath) else {
                let problem = LinkPattern.problem(with: entry.key) ?? "is not a link pattern"
                error(at: linkPath, "link pattern '\(entry.key)' \(problem)")
                continue
            }
            if Set(link.parameters).count != link.parameters.count {
                error(at: linkPath, "link pattern '\(entry.key)' names a parameter twice")
                continue
            }
            links.append(link)
        }
        return links
    }

    private mutating func requiredStyle(_ fields: [JSONValue.Member], at path: JSONPath) -> TransitionStyle? {
        guard let name = requiredString(fields, "style", at: path) else { return nil }
        guard let style = TransitionStyle(rawValue: name) else {
            let names = TransitionStyle.allCases.map(\.rawValue)
            error(
                at: path.appending("style"),
                "unknown style '\(name)'\(Self.suggestion(for: name, among: names)); expected one of \(names.joined(separator: ", "))")
            return nil
        }
        return style
    }

    mutating func object(_ value: JSONValue, at path: JSONPath) -> [JSONValue.Member]? {
        guard case .object(let members, let location) = value else {
            mismatch(value, expected: path == .root ? "a JSON object at the top level" : "an object", at: path)
            return nil
        }
        locations[path] = location
        var seen: Set<String> = []
        for member in members {
            locations[path.appending(member.key)] = member.value.location
            if !seen.insert(member.key).inserted {
                diagnostics.append(
                    Diagnostic(
                        .error, file: file, location: member.keyLocation,
                        path: path.appending(member.key), message: "duplicate key '\(member.key)'"))
            }
        }
        return members
    }

    func member(_ members: [JSONValue.Member], _ key: String) -> JSONValue? {
        members.first { $0.key == key }?.value
    }

    mutating func requiredString(_ members: [JSONValue.Member], _ key: String, at path: JSONPath) -> String? {
        guard let value = member(members, key) else {
            error(at: path, "missing required key '\(key)'")
            return nil
        }
        return string(value, at: path.appending(key))
    }

    /// `.some(nil)` when absent, `.some(text)` when a string, `nil` when of the wrong type.
    private mutating func optionalString(_ members: [JSONValue.Member], _ key: String, at path: JSONPath) -> String?? {
        guard let value = member(members, key) else { return .some(nil) }
        guard let text = string(value, at: path.appending(key)) else { return nil }
        return .some(text)
    }

    private mutating func string(_ value: JSONValue, at path: JSONPath) -> String? {
        guard case .string(let text, _) = value else {
            mismatch(value, expected: "a string", at: path)
            return nil
        }
        if text.isEmpty {
            error(at: path, "must not be empty")
            return nil
        }
        return text
    }

    /// The strings of `members[key]`; an absent optional array is empty, nil means a problem.
    mutating func stringArray(
        _ members: [JSONValue.Member], _ key: String, at path: JSONPath,
        required: Bool, named: JSONPath? = nil
    ) -> [String]? {
        let arrayPath = named ?? path.appending(key)
        guard let value = member(members, key) else {
            if required { error(at: path, "missing required key '\(key)'") }
            return required ? nil : []
        }
        guard case .array(let elements, let location) = value else {
            mismatch(value, expected: "an array of strings", at: arrayPath)
            return nil
        }
        locations[arrayPath] = location
        var strings: [String] = []
        for (index, element) in elements.enumerated() {
            locations[arrayPath.appending(index)] = element.location
            if let text = string(element, at: arrayPath.appending(index)) { strings.append(text) }
        }
        return strings.count == elements.count ? strings : nil
    }

    mutating func checkKeys(_ members: [JSONValue.Member], allowed: [String], at path: JSONPath) {
        for member in members where !allowed.contains(member.key) {
            diagnostics.append(
                Diagnostic(
                    .error, file: file, location: member.keyLocation, path: path.appending(member.key),
                    message:
                        "unknown key '\(member.key)'\(Self.suggestion(for: member.key, among: allowed)); allowed here: \(allowed.joined(separator: ", "))"
                ))
        }
    }

    mutating func mismatch(_ value: JSONValue, expected: String, at path: JSONPath) {
        diagnostics.append(
            Diagnostic(
                .error, file: file, location: value.location, path: path,
                message: "expected \(expected), found \(value.typeName)"))
    }

    mutating func error(at path: JSONPath, _ message: String) {
        diagnostics.append(Diagnostic(.error, file: file, location: locations.nearest(to: path), path: path, message: message))
    }

    // MARK: - Helpers

    static func isPlainName(_ text: String) -> Bool {
        !text.isEmpty && text != "." && text != ".."
            && text.unicodeScalars.allSatisfy {
                ($0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0))) || $0 == "." || $0 == "_" || $0 == "-"
            }
    }

    /// ` — did you mean 'style'?` when a near name exists, else empty.
    static func suggestion(for word: String, among candidates: [String]) -> String {
        EditDistance.closest(to: word, among: candidates).map { " — did you mean '\($0)'?" } ?? ""
    }
}
