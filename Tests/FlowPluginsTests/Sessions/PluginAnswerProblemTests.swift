import FlowShellTestSupport
import Foundation
import Testing

/// A plugin's wrong answer is told in the user's words — what it sent wrong, for which screen
/// (its title) and where (the field's path) — never in the decoder's, which names Swift's types.
@Suite struct PluginAnswerProblemTests: TestFolderSuite {
    let scratch = TemporaryFolder()

    @Test func aWrongAnswerIsToldInTheUsersWords() throws {
        let config = try PluginFlows.writeFake(mode: "wrongtypes", in: home)
        let result = try flowshell(
            ["--config", config.path], input: "open /echo/hi\necho view\necho text\necho result\necho title\necho kind\n",
            environment: PluginFlows.allowingPlugins(home: home))
        let said = "plugin Fake's screen 'Echo hi' answered 'command' wrongly:"
        // The flow's own warnings aside (the fake flow leaves screens unreached).
        let failures = result.errors.split(separator: "\n").filter { $0.hasPrefix("✗") }.joined(separator: "\n")
        #expect(
            failures == """
                ✗ line 2: \(said) result.view is true, where an object belongs
                ✗ line 3: \(said) result.view.components[0].text is the number 5, where a string belongs
                ✗ line 4: \(said) result is true, where an object belongs
                ✗ line 5: \(said) result.view.title is null, where a string belongs
                ✗ line 6: \(said) unknown component kind 'sparkle' at result.view.components[0].kind
                """)
        for decoderWords in ["Expected", "Dictionary", "Swift", "Any", "decode"] {
            #expect(!result.errors.contains(decoderWords), "the decoder's words reached the user: \(result.errors)")
        }
    }
}
