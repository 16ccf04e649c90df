import FlowManifest
import Testing

/// "Did you mean": what it names, and that a word far longer than every name names nothing,
/// whatever its length.
@Suite struct EditDistanceTests {
    let names = ["select", "filter", "sort", "set", "refresh", "bookings", "help", "history"]

    @Test func aBeginningNamesTheShortestNameItBegins() {
        #expect(EditDistance.closest(to: "se", among: names) == "set")
        #expect(EditDistance.closest(to: "sel", among: names) == "select")
        #expect(EditDistance.closest(to: "HIST", among: names) == "history")
    }

    @Test func aSlipNamesTheClosestNameWithinAThirdOfTheWord() {
        #expect(EditDistance.closest(to: "fitler", among: names) == "filter")
        #expect(EditDistance.closest(to: "bokings", among: names) == "bookings")
        #expect(EditDistance.closest(to: "refreshh", among: names) == "refresh")
        #expect(EditDistance.closest(to: "xyz", among: names) == nil)
        #expect(EditDistance.closest(to: "s", among: ["t"]) == nil)
    }

    @Test func aWordFarLongerThanEveryNameNamesNothing() {
        // Half as long again as the longest name (8), plus two: as long as a word may be and name one.
        #expect(EditDistance.closest(to: "bookingsbookin", among: names) == nil)
        #expect(EditDistance.closest(to: "refresh" + String(repeating: "h", count: 3), among: names) == "refresh")
        #expect(EditDistance.closest(to: String(repeating: "select", count: 200_000), among: names) == nil)
        #expect(EditDistance.closest(to: "select" + String(repeating: "x", count: 1_000_000), among: names) == nil)
    }

    @Test func noNamesNameNothing() {
        #expect(EditDistance.closest(to: "select", among: []) == nil)
        #expect(EditDistance.closest(to: "", among: names) == nil)
    }
}
