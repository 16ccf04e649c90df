import FlowCoordinator
import Testing

/// A notice quotes what was typed; what was typed may be megabytes.
@Suite struct NoticeTests {
    @Test func aLongTextIsCutInItsMiddleSayingHowMuchWasCut() {
        let line = String(repeating: "a", count: 10 * 1024 * 1024)
        let notice = Notice(.error, "no car '\(line)' in the list — the ids are in the first column")
        #expect(notice.text.utf8.count < 1000)
        #expect(notice.text.hasPrefix("no car 'aaaa"))
        #expect(notice.text.hasSuffix("aaaa' in the list — the ids are in the first column"))
        let left = 10 * 1024 * 1024 + "no car '' in the list — the ids are in the first column".unicodeScalars.count - 800
        #expect(notice.text.contains("… (\(left) characters cut) …"))
    }

    @Test func aTextOfUsualLengthIsSaidWhole() {
        let text = "no car '\(String(repeating: "b", count: 1500))'"
        #expect(Notice(.warning, text).text == text)
    }
}
