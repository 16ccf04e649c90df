@testable import FlowCoordinator
import FlowShellKit
@testable import FlowShellRuntime
@testable import FlowShellTerminal
import Testing

/// A screen for prompts: only its title matters.
@MainActor
final class TitledScreen: HostedScreen {
    let featureID = "titled"
    let viewProperties: ViewProperties
    init(_ title: String) { viewProperties = ViewProperties(title: title) }
    func bind(view: (any View)?) {}
    func perform(_ name: String, arguments: [String]) async throws -> [FeatureEvent] { [] }
}

@MainActor
@Suite struct PromptBuilderTests {
    func layers(_ titles: [String], modal: [String] = []) -> [[OpenScreen]] {
        let bottom = titles.enumerated().map { index, title in
            OpenScreen(entry: NavigationEntry(screen: "titled", presentation: index == 0 ? .root : .pushed), screen: TitledScreen(title))
        }
        let layer = modal.enumerated().map { index, title in
            OpenScreen(
                entry: NavigationEntry(screen: "titled", presentation: index == 0 ? .presented : .pushed), screen: TitledScreen(title))
        }
        return [bottom] + (layer.isEmpty ? [] : [layer])
    }

    @Test func showsWhereTheUserIsWithModalLayersInBrackets() {
        #expect(
            PromptBuilder.prompt(layers: layers(["Cars", "Kia Rio"], modal: ["Book Kia Rio"]), styler: TextStyler(colour: false))
                == "Cars › Kia Rio › [Book Kia Rio] › ")
    }

    @Test func aDeepStackKeepsItsEndsAndElidesTheMiddleToHalfTheWidth() {
        let deep = layers(["Cars", "Operators", "GreenGo cars", "Operators", "CityDrive cars", "Kia Rio"])
        let prompt = PromptBuilder.prompt(layers: deep, styler: TextStyler(colour: false), width: 80)
        #expect(prompt == "Cars › … › CityDrive cars › Kia Rio › ")
        #expect(DisplayWidth.of(prompt) <= 40)
        #expect(
            PromptBuilder.prompt(layers: deep, styler: TextStyler(colour: false), width: 200)
                == "Cars › Operators › GreenGo cars › Operators › CityDrive cars › Kia Rio › ")
    }
}
