@testable import FlowShellRuntime
import Testing

/// Paths split at `/` as POSIX does, whatever the names hold.
@Suite struct FilePathPartsTests {
    @Test(arguments: [
        ("é", "", "é"),
        ("日", "", "日"),
        ("\u{FFFD}", "", "\u{FFFD}"),
        ("with space", "", "with space"),
        ("..", "", ".."),
        ("a/é", "a", "é"),
        ("a/b/", "a", "b"),
        ("/é", "/", "é"),
        ("//é", "/", "é"),
        ("/", "/", ""),
        ("", "", ""),
        ("../日/x", "../日", "x"),
        ("~/notes", "~", "notes"),
        // A combining accent after a slash makes one character of the two, not one name.
        ("a/\u{301}b", "a", "\u{301}b"),
    ])
    func aPathSplitsIntoItsFolderAndName(path: String, folder: String, name: String) {
        #expect(FilePathParts.folder(of: path) == folder)
        #expect(FilePathParts.name(of: path) == name)
    }

    @Test func aLongNameSplitsLikeAnyOther() {
        let long = String(repeating: "長", count: 5000)
        #expect(FilePathParts.folder(of: "data/" + long) == "data")
        #expect(FilePathParts.name(of: "data/" + long) == long)
    }

    @Test func namesJoinWithOneSlash() {
        #expect(FilePathParts.joining("a", "é") == "a/é")
        #expect(FilePathParts.joining("a/", "é") == "a/é")
        #expect(FilePathParts.joining("", "é") == "é")
        #expect(FilePathParts.joining("/", "日") == "/日")
    }

    @Test func aPathsFoldersAreListedNearestFirst() {
        #expect(FilePathParts.selfAndAncestors(of: "a/b/é") == ["a/b/é", "a/b", "a"])
        #expect(FilePathParts.selfAndAncestors(of: "/a/é") == ["/a/é", "/a", "/"])
        #expect(FilePathParts.selfAndAncestors(of: "é") == ["é"])
        #expect(FilePathParts.selfAndAncestors(of: "") == [])
    }
}
