@testable import LineEditor
import Testing

@Suite struct EditLineReaderTests {
    @MainActor
    @Test func promptEscapesAreMarkedInvisible() {
        #expect(EditLineReader.markInvisible("\u{1B}[1;36mCars\u{1B}[0m › ") == "\u{01}\u{1B}[1;36m\u{01}Cars\u{01}\u{1B}[0m\u{01} › ")
        #expect(EditLineReader.markInvisible("plain › ") == "plain › ")
    }
}
