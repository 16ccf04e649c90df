@testable import FlowCoordinator
import FlowManifest
import FlowShellKit
@testable import FlowShellRuntime
@testable import FlowShellTerminal
import LineEditor
import Testing

@MainActor
@Suite struct TextOutputTests {
    final class Width: @unchecked Sendable {
        var columns = 80
    }

    @Test func aResizeTakesEffectOnTheNextOutput() {
        Terminal.useEnvironmentLocale()
        let console = RecordingConsole()
        let width = Width()
        let output = TextOutput(console: console, interactive: false, colour: false) { width.columns }
        let properties = ViewProperties(title: "T", content: [.text("one two three four five six seven eight nine ten")])
        output.screen(ScreenSnapshot(featureID: "t", properties: properties, stack: []))
        #expect(console.output.contains("one two three four five six seven eight nine ten\n"))
        console.output = ""
        width.columns = 20
        output.screen(ScreenSnapshot(featureID: "t", properties: properties, stack: []))
        #expect(console.output.hasPrefix("T\none two three four\nfive six seven eight\nnine ten\n"))
    }

    @Test func errorsAndWarningsGoToStderrOthersToStdout() {
        let console = RecordingConsole()
        let output = TextOutput(console: console, interactive: false, colour: false) { 80 }
        output.notice(Notice(.error, "bad"))
        output.notice(Notice(.warning, "careful"))
        output.notice(Notice(.success, "good"))
        #expect(console.errors == "✗ bad\n! careful\n")
        #expect(console.output == "✓ good\n")
    }

    @Test func messagesStayOneLineForScriptsAndWrapOnATerminal() {
        let long = String(repeating: "word ", count: 30)
        let script = RecordingConsole()
        TextOutput(console: script, interactive: false, colour: false) { 40 }.notice(Notice(.error, long))
        #expect(script.errors.split(separator: "\n").count == 1)
        let person = RecordingConsole()
        TextOutput(console: person, interactive: true, colour: false) { 40 }.notice(Notice(.error, long))
        #expect(person.errors.split(separator: "\n").count > 1)
        #expect(person.errors.split(separator: "\n").dropFirst().allSatisfy { $0.hasPrefix("  ") })
    }
}
