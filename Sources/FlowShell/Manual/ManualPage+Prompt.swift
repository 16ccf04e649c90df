import FlowShellKit
import FlowShellRuntime
import FlowShellTerminal
import Foundation

extension ManualPage {
    /// THE PROMPT: the keys, words and redirection, the global commands and settings (from the
    /// declarations the prompt runs), aliases, the startup file and screens that change by themselves.
    func prompt(_ page: inout MDoc) {
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
            programs, and after each line's answer a done record with the line's number and whether it failed; \
            --record FILE keeps a session that replay FILE checks against a later build. Long output at a \
            terminal goes through the pager, which owns the terminal while it runs.
            """)
    }
}
