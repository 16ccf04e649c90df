import Foundation
@testable import LineEditor
import Testing

/// A descriptor whose close would make this process's exit wait (an inotify descriptor holding
/// a watch) is handed to a child that holds it, and nothing else of this process's, until this
/// process has ended.
@Suite struct CloseAfterExitTests {
    @Test(.enabled(if: inotify_init1(Int32(IN_CLOEXEC)).closingIfOpen, "this user's inotify instances are used up"))
    func theChildHoldsOnlyTheDescriptorAndItsWayToKnowThisProcessEnded() throws {
        let folder = FileManager.default.temporaryDirectory.path
        let descriptor = inotify_init1(Int32(IN_CLOEXEC))
        try #require(descriptor >= 0)
        #expect(inotify_add_watch(descriptor, folder, UInt32(IN_CREATE)) >= 0)
        let child = try #require(Platform.closeAfterExit(descriptor))
        close(descriptor)
        // What the child holds, once it runs the program that waits.
        var targets: [String] = []
        for _ in 0..<6000 {
            let held = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(child)/fd")) ?? []
            targets = held.compactMap { try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(child)/fd/\($0)") }.sorted()
            if targets.contains("anon_inode:inotify"), targets.count == 4 { break }
            usleep(10_000)
        }
        #expect(targets.filter { $0 == "/dev/null" }.count == 2, "its output goes nowhere: \(targets)")
        #expect(targets.contains("anon_inode:inotify"), "the watch's descriptor: \(targets)")
        #expect(targets.contains { $0.hasPrefix("pipe:") }, "the pipe whose end this process holds: \(targets)")
        #expect(targets.count == 4, "nothing else: \(targets)")
        // The child waits for this process to end, whatever comes first.
        #expect(kill(child, 0) == 0)
    }
}

private extension Int32 {
    /// Whether this is an open descriptor; closes it.
    var closingIfOpen: Bool {
        guard self >= 0 else { return false }
        close(self)
        return true
    }
}
