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

    private func prompt(_ page: inout MDoc) {
        page.section("THE PROMPT")
        page.paragraph(
            """
            At a terminal the prompt shows where you are, as the titles of the open screens (List › Details ›), a modal \
            layer in brackets ([Edit Details]). Each screen lists its commands under it; help lists them with the \
            global commands below, which every screen has.
            """)
        page.subsection("Keys")
        page.line(".Bl -tag -width Ds")
        for (key, what) in [
            (
                "Tab",
                "Completes commands, aliases, the values an argument takes (listed with what each is), a setting's values, files and folders after run, >, >> and history -o, and deep links after open."
            ),
            ("Up, Down", "Walk the history, which is kept per app in its state folder."),
            (
                "Ctrl-R",
                "Searches the history backwards, as bash and fish do: the prompt reads (reverse-i-search)`text': and the line is the latest that holds what was typed. Ctrl-R again finds an older one, Backspace takes a character back, Ctrl-G gives the line back as it was, Enter runs the line found, and any other key ends the search on it."
            ),
            (
                "Ctrl-C",
                "Clears the line, or cancels the command that runs (only that one, never a later one); during run FILE it stops the file. It never leaves the shell; nor does Ctrl-\\, which does the same."
            ),
            ("Ctrl-D", "Leaves, as quit does."),
            (
                "Ctrl-Z",
                "Stops the shell, as a job of the shell that started it; fg brings it back with the prompt and the half-typed line."
            ),
            (
                "Emacs keys",
                "Edit the line: Ctrl-A, Ctrl-E, Ctrl-K, Ctrl-U, Ctrl-W, Meta-B, Meta-F and the others of libedit, whose ~/.editrc applies."
            ),
        ] {
            page.line(".It " + key)
            page.text(what)
        }
        page.line(".El")

        page.subsection("Global commands")
        page.paragraph(
            """
            Every screen has these besides its own commands. ? lists them, as help does, and CMD?, ? CMD, CMD --help \
            and help CMD show a command's usage (an alias's: what it stands for, then its command's usage). A mistyped \
            command is answered with the command it most likely means.
            """)
        page.line(".Bl -tag -width Ds")
        let settings =
            ShellSettings.builtIn.map { ($0.name, $0.values, $0.defaultValue, $0.summary, nil as String?) }
            + modules.flatMap { module in module.settings.map { ($0.name, $0.values, $0.defaultValue, $0.summary, module.name as String?) }
            }
        for command in Session.globals(composing: .terminal) {
            // set names the modules' settings too, as it does in a session of theirs.
            var description = command.description
            if command.name == CoreCommands.set.name {
                description.summary = "Show the settings, or change one (\(settings.map(\.0).joined(separator: ", ")))"
            }
            page.line(".It " + MDoc.usage(of: description))
            page.text(description.summary)
        }
        page.line(".El")
        page.paragraph(
            """
            History: !N runs line N of this session again, !! the last one, !-N the Nth from the end, and !TEXT the \
            latest line that begins with TEXT, this session's or an earlier one's; words after the reference are added \
            to the line. A RANGE is N, A..B (or A-B, A:B), A.., ..B, or -N for the last N lines before this one. Lines \
            that a script runs (run FILE, the startup file) are not kept as typed ones. history -r, history -e and edit \
            give their place in the history to the lines they run, as bash's fc does, so history -o writes a script \
            that runs the same lines anywhere.
            """)

        page.subsection("Settings")
        page.paragraph("set lists them with their values, set NAME VALUE changes one, and each is kept per user and per app:")
        page.line(".Bl -tag -width Ds")
        for (name, values, defaultValue, summary, module) in settings {
            let kind =
                name == "width" ? values.filter { Int($0) == nil }.joined(separator: " | ") + " | COLUMNS" : values.joined(separator: " | ")
            page.line(".It Cm \(name) Ar \(kind)")
            page.text(
                summary.prefix(1).uppercased() + summary.dropFirst() + "; default \(defaultValue)"
                    + (module.map { " (the \($0) module's)" } ?? "") + ".")
        }
        page.line(".El")

        page.subsection("Words, aliases and redirection")
        page.paragraph(
            """
            Words are split as a shell splits them: 'two words', "two words" and two\\ words are one word, and # starts a \
            comment. alias NAME COMMAND lets a word stand for a command line; {1}, {2} in it take the words typed after \
            the alias, as cmd2's macros do ({{1}} is a {1} kept as it is), and the words no {N} takes follow it.
            """)
        page.paragraph(
            """
            CMD > FILE writes a command's output to FILE, replaced whole; CMD >> FILE adds it to the end of FILE; CMD | \
            COMMAND hands it to a command of your $SHELL. What goes there is plain text: no colour, no pager, lines as \
            long as they are unless set width says; errors and warnings stay on the terminal. The destination is checked \
            before the command runs. A >, >> or | in quotes or after a backslash is an ordinary character; shell takes \
            its whole line as typed.
            """)

        page.subsection("The startup file")
        page.paragraph(
            """
            $XDG_CONFIG_HOME/\(identity.folder)/init (else ~/.config/\(identity.folder)/init) is a file of commands — \
            alias, set, anything typed at the prompt — run each time the shell starts at a terminal, before the first \
            screen shows. It runs quietly: only errors and warnings show, each naming its line, and a failed line does \
            not stop those after it. Scripts and piped input do not run it.
            """)

        page.subsection("Screens that change by themselves")
        page.paragraph(
            """
            A screen may change while you type (data another program changed, time passing): the change is shown above the \
            prompt, at most every 100 ms and never through the pager, and the half-typed line comes back with its \
            cursor. When the screen is the last thing on the terminal and fits it, it is drawn over in place. A command \
            that runs longer than 100 ms shows a spinner, and its partial results as they come. In a script, wait \
            SECONDS lets time pass and wait --until TEXT waits until the screen shows TEXT.
            """)

        page.subsection("Scripts and programs")
        page.paragraph(
            """
            When stdin is not a terminal, lines are read plainly: no prompt, no colour, screens not wrapped unless \
            COLUMNS is set, errors on stderr naming their line. --output json writes one JSON object per line for \
            programs; --record FILE keeps a session that replay FILE checks against a later build. Long output at a \
            terminal goes through the pager, which owns the terminal while it runs.
            """)
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

/// Writing mdoc: macros, and text that roff reads as text.
struct MDoc {
    private(set) var text = ".\\\" The manual page of a shell built on FlowShell; NAME --generate-manual writes it.\n"

    /// Adds a line; a character beyond ASCII is written as roff's escape for it (`\[u2014]`),
    /// which every man reads whatever its locale.
    mutating func line(_ line: String) {
        for scalar in line.unicodeScalars {
            if scalar.isASCII {
                text.unicodeScalars.append(scalar)
            } else {
                text += "\\[u" + String(format: "%04X", scalar.value) + "]"
            }
        }
        text += "\n"
    }

    mutating func macro(_ name: String, _ arguments: String...) {
        line("." + ([name] + arguments.map { $0.contains(" ") ? "\"\($0)\"" : $0 }).joined(separator: " "))
    }

    mutating func section(_ title: String) {
        line(".Sh " + (title.contains(" ") ? "\"\(title)\"" : title))
    }

    mutating func subsection(_ title: String) {
        line(".Ss " + title)
    }

    /// Text lines, as roff takes them: none begins with a dot or an apostrophe.
    mutating func text(_ words: String) {
        for paragraph in words.split(separator: "\n", omittingEmptySubsequences: false) where !paragraph.isEmpty {
            line(Self.escape(String(paragraph)))
        }
    }

    mutating func paragraph(_ words: String) {
        line(".Pp")
        text(words)
    }

    /// `text` as roff shows it as is: backslashes doubled, and a leading dot or apostrophe
    /// kept from being read as a request.
    static func escape(_ text: String) -> String {
        let escaped = text.replacingOccurrences(of: "\\", with: "\\e")
        return escaped.hasPrefix(".") || escaped.hasPrefix("'") ? "\\&" + escaped : escaped
    }

    /// A global command's usage as an item's head: `Cm history Oo Fl a Oc Oo Fl o Ar FILE Oc Oo Ar N Oc`.
    static func usage(of command: CommandDescription) -> String {
        (["Cm \(command.name)"]
            + command.arguments.map { argument in
                let token: String
                switch argument.kind {
                case .positional: token = "Ar \(argument.name)"
                case .option:
                    token = "Fl \(argument.shortName ?? "-" + argument.name) Ar \(argument.valueName ?? argument.name.uppercased())"
                case .flag: token = "Fl \(argument.shortName ?? "-" + argument.name)"
                }
                return argument.isOptional ? "Oo \(token) Oc" : token
            }).joined(separator: " ")
    }
}
