@testable import FlowManifest
import Testing

@Suite struct LinkPatternTests {
    @Test(arguments: ["/", "/bookings", "/cars/:carID", "/a/b/:c/d"])
    func acceptsWordsAndParameters(pattern: String) {
        #expect(LinkPattern.problem(with: pattern) == nil)
        #expect(LinkPattern(pattern: pattern, screens: ["x"], path: .root) != nil)
    }

    @Test(arguments: [
        ("bookings", "must start with '/' (/bookings): segments after '/', parameters after ':'"),
        ("//bookings", "has an empty segment ('//', or a '/' at the end); write it /bookings"),
        ("/cars//rio", "has an empty segment ('//', or a '/' at the end); write it /cars/rio"),
        ("/bookings/", "has an empty segment ('//', or a '/' at the end); write it /bookings"),
        ("/cars/:", "has a parameter with no name; name it after the ':' (such as :id)"),
        ("/bookings/*", "has a wildcard '*', which links do not have: a segment is a word or a parameter such as :id"),
        ("/cars/r*o", "has a wildcard '*', which links do not have: a segment is a word or a parameter such as :id"),
    ])
    func refusesEmptySegmentsAndWildcards(pattern: String, problem: String) {
        #expect(LinkPattern.problem(with: pattern) == problem)
        #expect(LinkPattern(pattern: pattern, screens: ["x"], path: .root) == nil)
    }

    @Test func aTypedLinkMayStillHaveExtraSlashes() throws {
        let link = try #require(LinkPattern(pattern: "/cars/:carID", screens: ["x"], path: .root))
        #expect(link.match("//cars/rio/") == ["carID": "rio"])
    }
}
