import Foundation
import FlowShellServing
@testable import FlowShellWeb
import Testing

/// What a tab is told names no path of the server's machine.
@Suite struct PathRedactionTests {
    let redaction = PathRedaction(rootFolders: ["home", "tmp", "usr"])

    func redacted(_ text: String) -> String {
        String(decoding: redaction.redacted(Data(text.utf8)), as: UTF8.self)
    }

    @Test func aPathOfThisMachineIsShownAsItsLastName() {
        #expect(redacted("'/tmp/flowshell-web-1/not-a-folder/data' is a file") == "'data' is a file")
        #expect(redacted("cannot read /home/ann/app/config.json: permission denied") == "cannot read config.json: permission denied")
        #expect(redacted(#"{"message":"python3 /usr/lib/x/weather.py exited","v":1}"#) == #"{"message":"python3 weather.py exited","v":1}"#)
        #expect(redacted("in /home/ann/") == "in ann")
        #expect(redacted("(/tmp/a), /tmp/b; \"/tmp/c\"") == "(a), b; \"c\"")
        // After a line break or a tab as JSON writes them.
        #expect(redacted(#"{"lines":["x\n/home/ann/secret"]}"#) == #"{"lines":["x\nsecret"]}"#)
    }

    @Test func theFlowsLinksAndOtherSlashesAreLeftAlone() {
        for text in [#"{"link":"/cars/rio"}"#, "open /bookings", "a/home/b", "https://example.com/home/x", "/", "1/2", "/homer/x"] {
            #expect(redacted(text) == text)
        }
    }

    @Test func aMessageWithoutPathsIsTheSameMessage() {
        let message = Data(#"{"title":"Cars","v":1}"#.utf8)
        #expect(redaction.redacted(message) == message)
    }
}
