import FlowShellKit
import Foundation

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
