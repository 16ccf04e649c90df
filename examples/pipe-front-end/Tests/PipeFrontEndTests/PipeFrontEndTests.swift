import Foundation
import PipeFrontEnd
import Testing

/// The front end written outside FlowShell's package runs the flow, its own capability and its
/// own line handler, and the session core's commands answer as in every other front end.
@MainActor
@Suite struct PipeFrontEndTests {
    final class Recorder {
        var written: [String] = []
        var audited: [String] = []
    }

    @Test func linesOverThePipeRunTheFlowTheCoreAndThisFrontEndsOwnCommand() async throws {
        let recorder = Recorder()
        let frontEnd = try await PipeFrontEnd(write: { recorder.written.append($0) }, audit: { recorder.audited.append($0) })
        #expect(recorder.written.contains { $0.contains(#""type":"screen""#) && $0.contains("count 0") }, "\(recorder.written)")
        for line in ["add", "add", "echo hello there", "alias twice add", "history", "nothing"] {
            #expect(await frontEnd.receive(#"{"line": "\#(line)"}"#))
        }
        let written = recorder.written.joined(separator: "\n")
        #expect(written.contains("count 2"), "\(written)")
        #expect(written.contains(#""lines":["hello there"]"#), "\(written)")
        #expect(written.contains("twice now stands for 'add'"), "\(written)")
        #expect(written.contains("5  history"), "\(written)")
        #expect(written.contains("unknown command 'nothing' here"), "\(written)")
        #expect(recorder.written.filter { $0.hasPrefix(#"{"type":"done""#) }.count == 6)
        #expect(recorder.audited == ["add", "add", "echo hello there", "alias twice add", "history", "nothing"])
        #expect(await frontEnd.receive(#"{"line": "quit"}"#) == false)
    }
}
