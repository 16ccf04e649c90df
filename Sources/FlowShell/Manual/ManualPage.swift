import FlowShellKit
import FlowShellRuntime
import FlowShellTerminal
import Foundation

/// The shell's manual page, `NAME.1` in mdoc: the command line (from the parser's own
/// description of it), and what a person opens a shell's manual for — the keys, the global
/// commands and settings (from the declarations the prompt runs), words and redirection,
/// aliases, the startup file, screens that change by themselves, the environment, the files
/// and the exit statuses, each said once. `NAME --generate-manual` prints it; `make install`
/// installs it. A shell of one's own gets its own, with its name, folders and modules' settings.
@MainActor
struct ManualPage {
    let identity: ShellIdentity
    /// The settings of the linked modules, beside the shell's own.
    let modules: [FeatureModule]
    let commandLine: DumpedCommandLine
    /// When the page is dated.
    var date = Date()

    /// The page's mdoc source.
    var text: String {
        var page = MDoc()
        preamble(&page)
        synopsis(&page)
        description(&page)
        commands(&page)
        prompt(&page)
        environment(&page)
        files(&page)
        page.section("EXIT STATUS")
        page.paragraph("Running the flow (\(identity.name) or \(identity.name) run) exits with " + RunCommand.exitStatuses)
        page.paragraph("The other commands say theirs above; each exits 64 for a command line it cannot read.")
        examples(&page)
        seeAlso(&page)
        return page.text
    }

    private var name: String { identity.name }

    private func preamble(_ page: inout MDoc) {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "MMMM d, yyyy"
        page.macro("Dd", formatter.string(from: date))
        page.macro("Dt", name.uppercased(), "1")
        page.macro("Os")
        page.section("NAME")
        page.macro("Nm", name)
        page.macro("Nd", identity.abstract.hasSuffix(".") ? String(identity.abstract.dropLast()) : identity.abstract)
    }

    private func synopsis(_ page: inout MDoc) {
        page.section("SYNOPSIS")
        page.line(".Nm")
        page.line(".Op Cm run")
        page.line(".Op Ar options")
        page.line(".Nm")
        page.line(".Ar command")
        page.line(".Op Ar arguments")
        page.line(".Nm")
        page.line(".Fl -version | -help")
    }

    private func description(_ page: inout MDoc) {
        page.section("DESCRIPTION")
        page.paragraph(
            """
            \(identity.title) is an interactive shell whose screens are feature modules and whose navigation is a flow \
            described in a config file: each screen shows what it is about and the commands it takes, and the flow says \
            where each command leads. With no command, \(name) runs the flow of ./config.json (else its built-in flow) at \
            the prompt, restoring where you were; lines piped in, or a --script FILE, run as a script from the first screen.
            """)
        page.subsection("Options of run")
        if let run = commandLine.command.subcommands?.first(where: { $0.commandName == "run" }) {
            options(of: run, &page)
        }
    }

    private func commands(_ page: inout MDoc) {
        page.section("COMMANDS")
        page.line(".Bl -tag -width Ds")
        for command in commandLine.command.subcommands ?? [] where command.shouldDisplay != false && command.commandName != "help" {
            item(command, path: [], &page)
        }
        page.line(".It Cm help Op Ar command")
        page.text("Show the help of a command.")
        page.line(".It Fl -version")
        page.text("Print the shell's name and version (\(name) \(identity.version)).")
        page.line(".It Fl h , -help")
        page.text("Show the help of the command line, with the options of run.")
        page.line(".El")
    }

    /// A command of the command line: its name and options, what it does, and its subcommands.
    private func item(_ command: DumpedCommandLine.Command, path: [String], _ page: inout MDoc) {
        page.line(".It Cm " + (path + [command.commandName]).joined(separator: " ") + synopsisTokens(of: command))
        page.text(command.abstract ?? "")
        // run's files and statuses have sections of their own below.
        if command.commandName != "run", let discussion = command.discussion, !discussion.isEmpty {
            page.line(".Pp")
            page.text(discussion)
        }
        if command.commandName != "run", displayed(command.arguments).contains(where: { $0.flag != nil }) {
            options(of: command, &page)
        }
        for sub in command.subcommands ?? [] where sub.shouldDisplay != false {
            page.line(".Pp")
            page.line(".Bl -tag -width Ds")
            item(sub, path: path + [command.commandName], &page)
            page.line(".El")
        }
    }

    private func displayed(_ arguments: [DumpedCommandLine.Argument]?) -> [DumpedCommandLine.Argument] {
        (arguments ?? []).filter { $0.shouldDisplay != false && $0.flag != "--help" && $0.flag != "--version" }
    }

    /// ` Ar APP Oo Fl -path Ar DIR Oc`: a command's arguments as its item names them (run's,
    /// listed above, as `[options]`).
    private func synopsisTokens(of command: DumpedCommandLine.Command) -> String {
        guard command.commandName != "run" else { return " Op Ar options" }
        return displayed(command.arguments).map { argument in
            let token: String
            if let flag = argument.flag {
                token = "Fl \(flag.dropFirst())" + (argument.kind == "option" ? " Ar \(argument.valueName ?? "VALUE")" : "")
            } else {
                token = "Ar \(argument.valueName ?? "ARGUMENT")"
            }
            return argument.isOptional == true ? " Oo \(token) Oc" : " \(token)"
        }.joined()
    }

    private func options(of command: DumpedCommandLine.Command, _ page: inout MDoc) {
        let options = displayed(command.arguments).filter { $0.flag != nil }
        guard !options.isEmpty else { return }
        page.line(".Bl -tag -width Ds")
        for option in options {
            guard let flag = option.flag else { continue }
            page.line(".It Fl \(flag.dropFirst())" + (option.kind == "option" ? " Ar \(option.valueName ?? "VALUE")" : ""))
            let value = option.defaultValue.map { " (default: \($0))" } ?? ""
            page.text((option.abstract ?? "") + value)
        }
        page.line(".El")
    }

    private func environment(_ page: inout MDoc) {
        page.section("ENVIRONMENT")
        page.line(".Bl -tag -width Ds")
        for (variable, what) in [
            ("NO_COLOR", "When set, the output has no colour or text attributes (--color always overrides it)."),
            ("TERM", "dumb: no colour and no pager, the text printed whole."),
            ("PAGER", "The pager of long output at a terminal (default: less -R -F -X); empty or set pager off: none."),
            ("COLUMNS", "The width when the terminal cannot say its own, and of output to a pipe or a file."),
            ("SHELL", "The shell that runs shell COMMAND and CMD | COMMAND (default: /bin/sh)."),
            ("VISUAL, EDITOR", "The editor of edit and history -e (default: vi)."),
            ("XDG_CONFIG_HOME", "Where the startup file is (default: ~/.config)."),
            ("XDG_STATE_HOME", "Where the history, where you were and the trusted configs are kept (default: ~/.local/state)."),
            ("XDG_DATA_HOME", "Where the app's data and settings are kept (default: ~/.local/share)."),
            ("FLOWSHELL_ALLOW_PLUGINS", "1: run a config's plugins this once without trusting it, as --allow-plugins does."),
            ("FLOWSHELL_DATABASE", "postgres://…: keep the records the app's modules share in PostgreSQL, as --database does."),
            ("EDITRC", "The line editor's settings file instead of ~/.editrc."),
        ] {
            page.line(".It Ev " + variable.replacingOccurrences(of: ", ", with: " , Ev "))
            page.text(what)
        }
        page.line(".El")
    }

    private func files(_ page: inout MDoc) {
        page.section("FILES")
        let folder = identity.folder
        page.line(".Bl -tag -width Ds")
        for (path, what) in [
            ("~/.config/\(folder)/init", "The startup file."),
            ("~/.local/state/\(folder)/APP/history", "The history of the app whose flow's \"app\" is APP (--history, --no-history)."),
            ("~/.local/state/\(folder)/APP/navigation.json", "Where you were (--state, --fresh)."),
            ("~/.local/state/\(folder)/trusted-configs.json", "The configs trusted to run their plugins (trust, untrust)."),
            (
                "~/.local/share/\(folder)/APP/",
                "The app's data: its modules' databases and settings.sqlite, which keeps the settings and aliases (--data-dir)."
            ),
            ("~/.editrc", "The line editor's key bindings and settings."),
        ] {
            page.line(".It Pa \(path)")
            page.text(what)
        }
        page.line(".El")
        page.paragraph("In words: " + RunCommand.files.replacingOccurrences(of: "NAME", with: folder))
    }

    private func examples(_ page: inout MDoc) {
        page.section("EXAMPLES")
        for (what, line) in [
            ("Run the flow of ./config.json at the prompt, starting from its first screen:", "\(name) --fresh"),
            ("Run two commands as a script and keep what they show:", "printf 'where\\nhelp\\n' | \(name) > answers.txt"),
            (
                "Check a flow and draw it:",
                "\(name) check --config flow.json && \(name) graph --config flow.json --format dot | dot -Tsvg > flow.svg"
            ),
            ("At the prompt, run the lines 3 to 5 again:", "history -r 3..5"),
            ("Then keep this session's lines as a script that run steps.txt runs again:", "history -o steps.txt"),
        ] {
            page.text(what)
            page.line(".Dl " + MDoc.escape(line))
        }
    }

    private func seeAlso(_ page: inout MDoc) {
        page.section("SEE ALSO")
        page.line(".Xr less 1 ,")
        page.line(".Xr editrc 5 ,")
        page.line(".Xr editline 7")
    }
}
