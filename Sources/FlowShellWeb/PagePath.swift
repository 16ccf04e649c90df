import FlowManifest
import FlowShellRuntime

/// Where a tab is, as the path of its address, so that the address follows the flow: the stack's
/// deep link where the config has one (`/cars/rio`); else the deepest part of the stack that
/// has one, then `/-/` and the ids of the screens above it (`/cars/rio/-/booking.confirm`,
/// `/-/cars.operators` over the root) — the same place has the same path. The root alone is `/`.
/// Opening an address opens the deep link of its linked part (``link(in:)``).
struct PagePath: Equatable, Sendable {
    /// The path.
    let path: String
    /// Whether the path is a deep link that opens this very place.
    let opensHere: Bool

    /// Where the screens above a stack's linked part begin in a path.
    static let unlinkedMark = "/-/"

    /// One open screen: its id and input.
    struct Entry: Equatable, Sendable {
        let screen: String
        let input: [String: String]
    }

    /// The path of `stack` (bottom first) under the config's `links`.
    static func of(_ stack: [StackEntry], links: [LinkPattern]) -> PagePath {
        of(stack.map { Entry(screen: $0.screen, input: $0.input) }, links: links)
    }

    /// The path of `stack` (bottom first) under the config's `links`.
    static func of(_ stack: [Entry], links: [LinkPattern]) -> PagePath {
        guard stack.count > 1 else { return PagePath(path: "/", opensHere: stack.first?.input.isEmpty ?? true) }
        if let link = link(of: stack[...], links: links) { return PagePath(path: link, opensHere: true) }
        var linked = stack.count - 1
        var base = ""
        while linked > 1 {
            if let link = link(of: stack[..<linked], links: links) {
                base = link
                break
            }
            linked -= 1
        }
        let rest = stack[linked...].map { encoded($0.screen) }.joined(separator: "/")
        return PagePath(path: base + unlinkedMark + rest, opensHere: false)
    }

    /// The deep link that opens `stack` exactly: a link whose screens are the stack's, whose
    /// parameters give each screen its input — every key of it, and nothing else.
    static func link(of stack: ArraySlice<Entry>, links: [LinkPattern]) -> String? {
        let screens = stack.map(\.screen)
        candidates: for pattern in links where pattern.screens == screens {
            let parameters = Set(pattern.parameters)
            var values: [String: String] = [:]
            for entry in stack {
                for (key, value) in entry.input {
                    guard parameters.contains(key), values[key] == nil || values[key] == value else { continue candidates }
                    values[key] = value
                }
            }
            guard values.count == parameters.count else { continue }
            if pattern.segments.isEmpty { return "/" }
            return pattern.segments.map { segment in
                switch segment {
                case .literal(let text): "/" + text
                case .parameter(let name): "/" + encoded(values[name] ?? "")
                }
            }.joined()
        }
        return nil
    }

    /// The deep link a page's path opens: its part before ``unlinkedMark``; nil for the root.
    static func link(in path: String) -> String? {
        let linked: Substring
        if path.hasPrefix(unlinkedMark) {
            return nil
        } else if let mark = path.range(of: unlinkedMark) {
            linked = path[..<mark.lowerBound]
        } else {
            linked = path[...]
        }
        let trimmed = linked.drop { $0 == "/" }
        return trimmed.isEmpty ? nil : String(linked)
    }

    /// A value as one segment of a path: every byte but letters, digits and `-._~` escaped, as
    /// a link's match decodes it.
    static func encoded(_ text: String) -> String {
        var result = ""
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
                result.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                result += "%" + String(byte >> 4, radix: 16, uppercase: true) + String(byte & 0xF, radix: 16, uppercase: true)
            }
        }
        return result
    }
}
