/// examples/greeter, the one source of what the scaffolds write: its files are built in
/// (`exampleAppFiles`, which ExampleAppPlugin generates from the folder), and a scaffold writes
/// them with its own names in place of the example's.
enum ExampleApp {
    /// The example's screen, `greeter.home`, which every scaffolded screen is written from.
    static var screen: String { text(of: "Features/Greeter/Sources/GreeterHomeScreen.swift") }
    /// The screen's test.
    static var screenTest: String { text(of: "Features/Greeter/Tests/GreeterHomeTests.swift") }

    /// The text of the example's file at `path`, one of those ExampleAppPlugin lists.
    private static func text(of path: String) -> String {
        exampleAppFiles.first { $0.path == path }?.text ?? ""
    }

    /// `text` with each of `names`' keys replaced by its value, in one pass (the first key that
    /// matches at a place wins, and what is put in is never replaced again); then the imports it
    /// starts with sorted, as the example's are, since a new name can sort before FlowShell's.
    static func fill(_ text: String, _ names: KeyValuePairs<String, String>) -> String {
        var filled = ""
        var rest = text[...]
        nextPlace: while let first = rest.first {
            for (key, value) in names where rest.hasPrefix(key) {
                filled += value
                rest = rest.dropFirst(key.count)
                continue nextPlace
            }
            filled.append(first)
            rest = rest.dropFirst()
        }
        var lines = filled.split(separator: "\n", omittingEmptySubsequences: false)
        let imports = lines.prefix { $0.hasPrefix("import ") }.count
        lines[0..<imports].sort()
        return lines.joined(separator: "\n")
    }
}
