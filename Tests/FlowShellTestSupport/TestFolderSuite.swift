import Foundation

/// A suite whose tests each have a home folder of their own, `home` (the suite's `scratch`:
/// `let scratch = TemporaryFolder()`), and run the demo's flow, `config`, unless the suite
/// names another.
package protocol TestFolderSuite {
    /// The folder of the test that runs, which goes when the suite's instance does.
    var scratch: TemporaryFolder { get }
}

extension TestFolderSuite {
    /// The test's home folder.
    package var home: URL { scratch.url }

    /// The demo's `config.json`, in the repository.
    package var config: String { FlowShellBinary.repository.appendingPathComponent("config.json").path }

    /// Runs the binary in the test's home folder, with `input` on its stdin, in `environment`
    /// (the tests' environment for that home unless it says another).
    package func flowshell(
        _ arguments: [String], input: String = "", environment: [String: String]? = nil
    ) throws -> FlowShellBinary.Result {
        try FlowShellBinary.run(
            arguments, input: input, in: home, environment: environment ?? FlowShellBinary.environment(home: home))
    }

    /// Runs the demo's flow (``config``) in the test's home folder with `input` piped in and
    /// `arguments` after the config.
    package func runDemo(_ input: String, _ arguments: [String] = []) throws -> FlowShellBinary.Result {
        try flowshell(["--config", config] + arguments, input: input)
    }

    /// The binary in a pseudo-terminal of `rows`×`columns` in the test's home, started with
    /// `arguments`, once the car list's prompt shows.
    package func atCars(
        _ arguments: [String], environment: [String: String]? = nil, rows: Int = 40, columns: Int = 100
    ) throws -> PseudoTerminal {
        let terminal = try PseudoTerminal.flowshell(arguments, home: home, environment: environment, rows: rows, columns: columns)
        try terminal.expect("Cars › ")
        return terminal
    }
}
