import FlowExplorer
import FlowShellRuntime
import Foundation

/// The scripts `test` writes for its findings, one per finding in a folder of their own
/// (`finding-1.script`, …): each the lines that meet the finding again from a fresh session,
/// which the shell replays with `--script` (or `run FILE` at the prompt). The scripts of an
/// earlier run are removed first, so that the folder holds this run's only.
struct FindingScripts {
    /// The folder, as the user gave it.
    let folder: String
    /// The shell's name, for the command line that replays a script.
    let shell: String
    /// `--config`, as given.
    let config: String?

    /// Writes a script for each of the report's findings and notes it in the finding.
    func write(_ report: inout ExplorationReport) throws {
        let files = FileManager.default
        let url = URL(fileURLWithPath: folder)
        if let earlier = try? files.contentsOfDirectory(atPath: folder) {
            for name in earlier where name.hasPrefix("finding-") && name.hasSuffix(".script") {
                try files.removeItem(at: url.appendingPathComponent(name))
            }
            if report.findings.isEmpty, (try? files.contentsOfDirectory(atPath: folder))?.isEmpty == true {
                try? files.removeItem(at: url)
            }
        }
        guard !report.findings.isEmpty else { return }
        try files.createDirectory(at: url, withIntermediateDirectories: true)
        for index in report.findings.indices {
            let path = FilePathParts.joining(folder, "finding-\(index + 1).script")
            let finding = report.findings[index]
            let place = report.file + (finding.line.map { ":\($0)" + (finding.column.map { ":\($0)" } ?? "") } ?? "")
            let text = finding.reproductionScript(at: place, replay: replay(path), runAtPrompt: "run \(Self.quoted(path))")
            try Data(text.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
            report.findings[index].script = path
        }
    }

    /// The command line that replays a finding's script, once it has one.
    func replayCommand(_ finding: ExplorationReport.Finding) -> String? {
        finding.script.map(replay)
    }

    private func replay(_ script: String) -> String {
        "\(shell) " + (config.map { "--config \(Self.quoted($0)) " } ?? "") + "--data-dir \"$(mktemp -d)\" --script \(Self.quoted(script))"
    }

    /// `path` as a POSIX shell reads it back: as it is when plain, else in single quotes.
    static func quoted(_ path: String) -> String {
        let plain = path.unicodeScalars.allSatisfy {
            $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "/._-+,:@%=".unicodeScalars.contains($0))
        }
        return plain && !path.isEmpty ? path : "'" + path.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
