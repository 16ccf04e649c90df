import FlowShellTestSupport
import Foundation

extension TestFolderSuite {
    /// The test's home made to look like the FlowShell package to a scaffold: the repository's
    /// Package.swift, `files` copied from the repository to the same paths, and empty `folders`.
    func flowShellPackage(copying files: [String] = [], making folders: [String] = []) throws -> URL {
        for path in ["Package.swift"] + files {
            let copy = home.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: copy.deletingLastPathComponent(), withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: FlowShellBinary.repository.appendingPathComponent(path), to: copy)
        }
        for folder in folders {
            try FileManager.default.createDirectory(at: home.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
        return home
    }
}
