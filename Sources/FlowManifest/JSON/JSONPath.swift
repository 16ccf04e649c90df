/// Where a value sits inside a JSON document: `transitions[2].style`.
public struct JSONPath: Sendable, Hashable, CustomStringConvertible {
    /// One step: an object key or an array index.
    public enum Component: Sendable, Hashable {
        /// A member of an object.
        case key(String)
        /// An element of an array.
        case index(Int)
    }

    /// The steps from the document's root.
    public var components: [Component]

    /// The document's root.
    public static let root = JSONPath(components: [])

    /// The path that takes `components` in turn from the document's root (none: the root).
    public init(components: [Component]) {
        self.components = components
    }

    /// This path extended by an object key.
    public func appending(_ key: String) -> JSONPath {
        JSONPath(components: components + [.key(key)])
    }

    /// This path extended by an array index.
    public func appending(_ index: Int) -> JSONPath {
        JSONPath(components: components + [.index(index)])
    }

    /// `transitions[2].style`, or `$` for the root; characters of a key that cannot be seen
    /// are named (`a<U+00A0 NO-BREAK SPACE>pp`).
    public var description: String {
        var text = ""
        for component in components {
            switch component {
            case .key(let key):
                let shown = CharacterDescription.showingInvisible(key)
                text += text.isEmpty ? shown : ".\(shown)"
            case .index(let index):
                text += "[\(index)]"
            }
        }
        return text.isEmpty ? "$" : text
    }
}

extension Dictionary where Key == JSONPath, Value == SourceLocation {
    /// The location recorded for `path`, or for the nearest enclosing value that has one.
    func nearest(to path: JSONPath) -> SourceLocation? {
        var path = path
        while true {
            if let location = self[path] { return location }
            guard !path.components.isEmpty else { return nil }
            path.components.removeLast()
        }
    }
}
