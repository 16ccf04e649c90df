import FlowShellRuntime
import Foundation

/// The shell's server program, `NAME-serve` beside this one, which `serve` and `mcp` run (as
/// git runs `git-NAME`), so that the terminal's program carries no server.
enum ServerProgram {
    /// Replaces this process with `NAME-serve` and `arguments`; returns the exit status only
    /// when it could not, having said why.
    static func exec(identity: ShellIdentity, command: String, arguments: [String]) -> Int32 {
        let program = "\(identity.name)-serve"
        let folder = Bundle.main.executableURL?.resolvingSymlinksInPath().deletingLastPathComponent()
        guard let path = folder?.appendingPathComponent(program).path, FileManager.default.isExecutableFile(atPath: path) else {
            let place = folder.map { " in \($0.path)" } ?? ""
            FileHandle.standardError.write(
                Data(
                    """
                    error: \(identity.name) \(command) runs \(program), which is not installed\(place) — \
                    install it beside \(identity.name) (make install does), or build it with swift build --product \(program)

                    """.utf8))
            return 1
        }
        let argv = [path] + arguments
        var cArguments = argv.map { strdup($0) }
        cArguments.append(nil)
        execv(path, cArguments)
        // execv returns only when it failed.
        let reason = String(cString: strerror(errno))
        FileHandle.standardError.write(Data("error: cannot run \(path): \(reason)\n".utf8))
        return 1
    }
}
