/// Turns a parsed JSON document into a ``Manifest``, collecting every structural problem
/// (missing keys, wrong types, unknown keys, unknown styles) instead of stopping at the first.
struct ManifestDecoder {
    static let topLevelKeys = ["$schema", "app", "root", "modules", "transitions"]
    static let transitionKeys = ["from", "on", "to", "style"]

    let file: String
    private(set) var diagnostics: [Diagnostic] = []
    private var locations: [JSONPath: SourceLocation] = [:]

    init(file: String) {
        self.file = file
    }

    /// The manifest without the parts that did not decode (broken transitions are left out),
    /// or nil when its top level did not; the problems are in ``diagnostics``.
    mutating func decode(_ document: JSONValue) -> Manifest? {
        guard let members = object(document, at: .root) else { return nil }
        checkKeys(members, allowed: Self.topLevelKeys, at: .root)

        let app = requiredString(members, "app", at: .root)
        if let app, !Self.isPlainName(app) {
            error(at: JSONPath.root.appending("app"),
                  "app '\(app)' must be a plain name (letters, digits, '.', '_' or '-'): it names the history folder")
        }
        let root = requiredString(members, "root", at: .root)
        let modules = stringArray(members, "modules", at: .root)
        let transitions = transitionArray(members)

        guard let app, let root, let modules, let transitions else { return nil }
        return Manifest(app: app, root: root, modules: modules, transitions: transitions, locations: locations)
    }

    // MARK: - Pieces

    private mutating func transitionArray(_ members: [JSONValue.Member]) -> [Transition]? {
        let path = JSONPath.root.appending("transitions")
        guard let value = member(members, "transitions") else { return [] }
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
            let on = requiredString(fields, "on", at: elementPath)
            let to = optionalString(fields, "to", at: elementPath)
            let styleName = requiredString(fields, "style", at: elementPath)
            var style: TransitionStyle?
            if let styleName {
                style = TransitionStyle(rawValue: styleName)
                if style == nil {
                    let names = TransitionStyle.allCases.map(\.rawValue)
                    error(at: elementPath.appending("style"),
                          "unknown style '\(styleName)'\(Self.suggestion(for: styleName, among: names)); expected one of \(names.joined(separator: ", "))")
                }
            }
            guard let from, let on, let style, case .some(let target) = to else { continue }
            transitions.append(Transition(from: from, on: on, to: target, style: style, index: index))
        }
        return transitions
    }

    private mutating func object(_ value: JSONValue, at path: JSONPath) -> [JSONValue.Member]? {
        guard case .object(let members, let location) = value else {
            mismatch(value, expected: path == .root ? "a JSON object at the top level" : "an object", at: path)
            return nil
        }
        locations[path] = location
        var seen: Set<String> = []
        for member in members {
            locations[path.appending(member.key)] = member.value.location
            if !seen.insert(member.key).inserted {
                diagnostics.append(Diagnostic(.error, file: file, location: member.keyLocation,
                                              path: path.appending(member.key), message: "duplicate key '\(member.key)'"))
            }
        }
        return members
    }

    private func member(_ members: [JSONValue.Member], _ key: String) -> JSONValue? {
        members.first { $0.key == key }?.value
    }

    private mutating func requiredString(_ members: [JSONValue.Member], _ key: String, at path: JSONPath) -> String? {
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

    private mutating func stringArray(_ members: [JSONValue.Member], _ key: String, at path: JSONPath) -> [String]? {
        let arrayPath = path.appending(key)
        guard let value = member(members, key) else {
            error(at: path, "missing required key '\(key)'")
            return nil
        }
        guard case .array(let elements, _) = value else {
            mismatch(value, expected: "an array of strings", at: arrayPath)
            return nil
        }
        var strings: [String] = []
        for (index, element) in elements.enumerated() {
            locations[arrayPath.appending(index)] = element.location
            if let text = string(element, at: arrayPath.appending(index)) { strings.append(text) }
        }
        return strings.count == elements.count ? strings : nil
    }

    private mutating func checkKeys(_ members: [JSONValue.Member], allowed: [String], at path: JSONPath) {
        for member in members where !allowed.contains(member.key) {
            diagnostics.append(Diagnostic(
                .error, file: file, location: member.keyLocation, path: path.appending(member.key),
                message: "unknown key '\(member.key)'\(Self.suggestion(for: member.key, among: allowed)); allowed here: \(allowed.joined(separator: ", "))"))
        }
    }

    private mutating func mismatch(_ value: JSONValue, expected: String, at path: JSONPath) {
        diagnostics.append(Diagnostic(.error, file: file, location: value.location, path: path,
                                      message: "expected \(expected), found \(value.typeName)"))
    }

    private mutating func error(at path: JSONPath, _ message: String) {
        diagnostics.append(Diagnostic(.error, file: file, location: locations.nearest(to: path), path: path, message: message))
    }

    // MARK: - Helpers

    static func isPlainName(_ text: String) -> Bool {
        !text.isEmpty && text != "." && text != ".." && text.unicodeScalars.allSatisfy {
            ($0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0))) || $0 == "." || $0 == "_" || $0 == "-"
        }
    }

    /// `; did you mean 'style'?` when a near name exists, else empty.
    static func suggestion(for word: String, among candidates: [String]) -> String {
        let best = candidates
            .map { ($0, EditDistance.between(word.lowercased(), $0.lowercased())) }
            .filter { $0.1 <= max(1, word.count / 3) }
            .min { $0.1 < $1.1 }
        return best.map { " — did you mean '\($0.0)'?" } ?? ""
    }
}
