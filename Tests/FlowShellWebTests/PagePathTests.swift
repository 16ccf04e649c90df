@testable import FlowShellWeb
import FlowManifest
import Testing

/// The address follows the flow: each place a tab can be has one path — the stack's deep link
/// where the config has one — and a path opens the deep link of its linked part.
@Suite struct PagePathTests {
    private static func link(_ pattern: String, _ screens: [String]) -> LinkPattern? {
        LinkPattern(pattern: pattern, screens: screens, path: .root)
    }

    private let links = [
        link("/cars/:carID", ["cars.list", "cars.details"]),
        link("/plates/:plate", ["cars.list", "cars.details"]),
        link("/bookings", ["cars.list", "booking.list"]),
    ].compactMap { $0 }

    private func entry(_ screen: String, _ input: [String: String] = [:]) -> PagePath.Entry {
        PagePath.Entry(screen: screen, input: input)
    }

    @Test func aStackWithADeepLinkIsAtItsLink() {
        #expect(
            PagePath.of([entry("cars.list"), entry("cars.details", ["carID": "rio"])], links: links)
                == PagePath(path: "/cars/rio", opensHere: true))
        #expect(PagePath.of([entry("cars.list"), entry("booking.list")], links: links) == PagePath(path: "/bookings", opensHere: true))
    }

    @Test func theRootAloneIsTheSlash() {
        #expect(PagePath.of([entry("cars.list")], links: links) == PagePath(path: "/", opensHere: true))
        // An input of the root (an operator chosen) is not in the address: `/` opens the root without it.
        #expect(PagePath.of([entry("cars.list", ["operator": "GreenGo"])], links: links) == PagePath(path: "/", opensHere: false))
    }

    @Test func aStackWithoutALinkIsAtItsLinkedPartAndTheScreensAboveIt() {
        let booking = [entry("cars.list"), entry("cars.details", ["carID": "rio"]), entry("booking.confirm", ["carID": "rio"])]
        #expect(PagePath.of(booking, links: links) == PagePath(path: "/cars/rio/-/booking.confirm", opensHere: false))
        #expect(
            PagePath.of([entry("cars.list"), entry("cars.operators")], links: links)
                == PagePath(path: "/-/cars.operators", opensHere: false))
        let signIn = [entry("cars.list"), entry("booking.list"), entry("auth.login")]
        #expect(PagePath.of(signIn, links: links).path == "/bookings/-/auth.login")
    }

    @Test func aLinkOpensAPlaceOnlyWhenItsParametersGiveEveryInput() {
        // `/plates/:plate` cannot say `carID`; an input no parameter carries rules a link out.
        #expect(PagePath.link(of: [entry("cars.list"), entry("cars.details", ["carID": "rio", "hours": "2"])][...], links: links) == nil)
        #expect(PagePath.link(of: [entry("cars.list"), entry("cars.details")][...], links: links) == nil)
    }

    @Test func aValueIsOneSegmentWhateverItHolds() {
        let path = PagePath.of([entry("cars.list"), entry("cars.details", ["carID": "a/b c%é"])], links: links).path
        #expect(path == "/cars/a%2Fb%20c%25%C3%A9")
        #expect(links[0].match(path) == ["carID": "a/b c%é"])
    }

    @Test func aPathOpensTheDeepLinkOfItsLinkedPart() {
        #expect(PagePath.link(in: "/cars/rio") == "/cars/rio")
        #expect(PagePath.link(in: "/cars/rio/-/booking.confirm") == "/cars/rio")
        #expect(PagePath.link(in: "/-/cars.operators") == nil)
        #expect(PagePath.link(in: "/") == nil)
        #expect(PagePath.link(in: "//") == nil)
    }
}
