import Foundation
@testable import FlowShellWeb
import Testing

/// The server's bounds follow the files the process may open, and docs/web.md names each.
@Suite struct ServingBoundsTests {
    @Test func withFilesEnoughTheServerTakesAThousandTabs() throws {
        let bounds = try #require(ServingBounds(descriptorLimit: 1 << 20))
        #expect(bounds.tabs == 1000 && bounds.connections == 1100 && bounds.acceptedConnections == 1132)
        #expect(bounds.warning == nil)
    }

    @Test func underTheUsualLimitItTakesFewerAndSaysSo() throws {
        let bounds = try #require(ServingBounds(descriptorLimit: 1024))
        // Connections, the refusals beyond them and the process's own files fit in the limit.
        #expect(bounds.acceptedConnections + ServingBounds.reservedDescriptors <= 1024)
        #expect(bounds.connections == 864 && bounds.tabs == 764)
        #expect(bounds.warning?.contains("764 tabs") == true && bounds.warning?.contains("ulimit -n") == true)
    }

    @Test func tooFewFilesToServeIsSaid() {
        #expect(ServingBounds(descriptorLimit: 100) == nil)
        let small = ServingBounds(descriptorLimit: 200)
        #expect(small.map { $0.tabs > 0 && $0.tabs < $0.connections } == true)
    }

    /// Each bound, as docs/web.md names it: the words before its number.
    @Test func theDocsNameEachBoundWithItsNumber() throws {
        let text = try String(
            contentsOf: URL(fileURLWithPath: #filePath)
                .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
                .appendingPathComponent("docs/web.md"), encoding: .utf8)
        // Lines are wrapped anywhere: a phrase may span two.
        let docs = text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        let seconds = { (duration: Duration) in duration.components.seconds }
        let named: [String] = [
            "\(grouped(ServingBounds.tabsAtMost)) tabs",
            "\(grouped(ServingBounds.tabsAtMost + ServingBounds.connectionMargin)) connections",
            "\(ServingBounds.reservedDescriptors) files",
            "\(ServingBounds.refusalSlots) more",
            "below \(ServingBounds.startups.start)",
            "\(ServingBounds.startups.rate) %",
            "all of them at \(ServingBounds.startups.full)",
            "\(ServingBounds.startups.perSource) from one address",
            "queue of \(grouped(ServingBounds.backlog))",
            "\(seconds(ServingBounds.headerDeadline)) seconds to send",
            "idle for \(seconds(ServingBounds.idleTimeout)) seconds",
            "kept \(seconds(ServingBounds.refusalLinger)) seconds",
            "\(ServingBounds.maximumHeaderSize / 1024) KiB of headers",
            "hello within \(seconds(ServingBounds.greetingDeadline)) seconds",
            "every \(seconds(ServingBounds.pingInterval)) seconds",
            "close within \(seconds(ServingBounds.closeTimeout)) seconds",
            "\(ServingBounds.maximumMessageSize / 1024) KiB a message",
            "\(ServingBounds.messageBurst) messages at once",
            "\(ServingBounds.messagesPerSecond) a second",
            "\(grouped(ClientMessage.maximumLineLength)) bytes a line",
            "\(SocketSession.maximumQueuedLines) lines",
            "\(grouped(SocketSession.maximumQueuedMessages)) messages",
        ]
        for phrase in named {
            #expect(docs.contains(phrase), "docs/web.md does not say '\(phrase)'")
        }
    }

    /// A number as the docs write it: `4,096`.
    private func grouped(_ number: Int) -> String {
        let digits = String(number)
        guard digits.count > 3 else { return digits }
        return String(digits.dropLast(3)) + "," + String(digits.suffix(3))
    }
}
