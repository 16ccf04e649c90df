@testable import FlowShellRuntime
import FlowShellTestSupport
import Foundation
import Testing

/// Errors of files and folders are said in the user's words, never as Foundation's domains.
@Suite struct SystemErrorTests {
    private func failure(_ body: () throws -> Void) -> String? {
        do {
            try body()
            return nil
        } catch {
            return SystemError.describe(error)
        }
    }

    @Test func namesWhatIsInTheWay() throws {
        let folder = try FlowShellBinary.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("file")
        try Data().write(to: file)

        #expect(failure { try Data("x".utf8).write(to: folder, options: .atomic) } == "'\(folder.path)' is a folder, not a file")
        #expect(
            failure { try FileManager.default.createDirectory(at: file, withIntermediateDirectories: true) }
                == "'\(file.path)' is a file, not a folder")
        #expect(
            failure { try FileManager.default.createDirectory(at: file.appendingPathComponent("sub"), withIntermediateDirectories: true) }
                == "'\(file.path)' is a file, not a folder")
        #expect(
            failure { try Data("x".utf8).write(to: file.appendingPathComponent("x"), options: .atomic) }
                == "'\(file.path)' is a file, not a folder")
        #expect(
            failure { _ = try Data(contentsOf: folder.appendingPathComponent("missing")) }
                == "there is no '\(folder.appendingPathComponent("missing").path)'")
    }

    @Test func saysSystemErrorNumbersInWords() {
        #expect(SystemError.describe(posixCode: ENOSPC, path: "/x") == "the disk is full")
        #expect(SystemError.describe(posixCode: EROFS, path: "/x") == "the disk is read-only")
        #expect(SystemError.describe(posixCode: EACCES, path: "/x") == "permission denied for '/x'")
        #expect(SystemError.describe(posixCode: EIO, path: nil) == "input/output error")
    }

    @Test func neverShowsAnErrorDomain() {
        let opaque = NSError(domain: NSCocoaErrorDomain, code: 512)
        #expect(!SystemError.describe(opaque).contains("Domain"))
    }
}
