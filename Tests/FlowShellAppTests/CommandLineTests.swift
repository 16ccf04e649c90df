import FlowShellTestSupport
import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// The command line as people and packagers expect of a CLI.
@Suite struct CommandLineTests {
    @Test func versionSaysTheShellsNameAndVersion() throws {
        let folder = try FlowShellBinary.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try FlowShellBinary.run(["--version"], input: "", in: folder, environment: FlowShellBinary.environment(home: folder))
        #expect(result.status == 0)
        #expect(result.output == "flowshell 0.1.0\n")
    }

    @Test func helpSaysNoSubcommandIsNeeded() throws {
        let folder = try FlowShellBinary.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try FlowShellBinary.run(["--help"], input: "", in: folder, environment: FlowShellBinary.environment(home: folder))
        #expect(result.output.contains("USAGE: flowshell [run] [<options>]\n"), "\(result.output)")
        #expect(!result.output.contains("USAGE: flowshell <subcommand>\n"))
    }

    #if canImport(FlowShellWeb)
    @Test func serveSaysItsNameAndAPortInUseInWords() throws {
        let folder = try FlowShellBinary.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let environment = FlowShellBinary.environment(home: folder)
        let help = try FlowShellBinary.run(["serve", "--help"], input: "", in: folder, environment: environment)
        #expect(help.output.contains("USAGE: flowshell serve [--config <path>]"), "\(help.output)")
        // A port another program listens on.
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(listener) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(listener, $0, length) == 0 && listen(listener, 1) == 0
                    && getsockname(listener, $0, &length) == 0
            }
        }
        try #require(bound, "cannot listen on a port for the test")
        let port = Int(UInt16(bigEndian: address.sin_port))
        let taken = try FlowShellBinary.run(["serve", "--port", "\(port)"], input: "", in: folder, environment: environment)
        #expect(taken.status == 1)
        #expect(
            taken.errors
                == "error: cannot serve on 127.0.0.1:\(port): another program listens on port \(port) — choose another with --port, or --port 0 for a free one\n"
        )
        // SSH's port, the same: the option named is SSH's.
        let takenBySSH = try FlowShellBinary.run(
            ["serve", "--ssh", "--ssh-port", "\(port)"], input: "", in: folder, environment: environment)
        #expect(takenBySSH.status == 1)
        #expect(
            takenBySSH.errors.hasSuffix(
                "error: cannot serve over SSH on 127.0.0.1:\(port): another program listens on port \(port) — choose another with --ssh-port, or --ssh-port 0 for a free one\n"
            ),
            "\(takenBySSH.errors)")
    }
    #endif
}
