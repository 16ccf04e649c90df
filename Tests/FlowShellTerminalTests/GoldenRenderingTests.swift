import FlowShellKit
@testable import FlowShellRuntime
@testable import FlowShellTerminal
import FlowShellTestSupport
import Foundation
import LineEditor
import Testing

/// Every component kind rendered at 40, 80 and 120 columns, plain and in colour, compared with
/// the files in Fixtures/golden (escape characters written there as ␛). Run with
/// FLOWSHELL_UPDATE_GOLDEN=1 to rewrite them after an intended change, then read the diff.
@Suite struct GoldenRenderingTests {
    static let folder = FlowShellBinary.repository.appendingPathComponent("Tests/FlowShellTestSupport/Fixtures/golden")

    init() {
        Terminal.useEnvironmentLocale()
    }

    @Test(arguments: [40, 80, 120], [false, true])
    func galleryMatchesTheGoldenFile(width: Int, colour: Bool) throws {
        let renderer = ScreenRenderer(width: width, styler: TextStyler(colour: colour))
        let rendered = renderer.render(ComponentGallery.properties).replacingOccurrences(of: "\u{1B}", with: "␛")
        let file = Self.folder.appendingPathComponent("gallery-\(width)\(colour ? "-colour" : "").txt")
        if ProcessInfo.processInfo.environment["FLOWSHELL_UPDATE_GOLDEN"] == "1" {
            try Data(rendered.utf8).write(to: file)
            return
        }
        let golden = try String(contentsOf: file, encoding: .utf8)
        #expect(rendered == golden)
        // Nothing is wider than the terminal.
        for line in renderer.render(ComponentGallery.properties).components(separatedBy: "\n") {
            let visible = line.replacingOccurrences(of: "\u{1B}\\[[0-9;]*m", with: "", options: .regularExpression)
            #expect(DisplayWidth.of(visible) <= width, "too wide at \(width): \(visible)")
        }
        #expect(!rendered.contains("␛[31m") && rendered.contains("\u{FFFD}[31mnot red"), "a feature's escape sequence reached the terminal")
        #expect(colour == rendered.contains("␛["))
    }
}
