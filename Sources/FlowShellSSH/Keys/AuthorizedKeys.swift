import Foundation
import NIOSSH

/// Who may log in: the public keys of an authorized-keys file in OpenSSH's format, each naming
/// its user. A line is `[OPTIONS] TYPE BASE64 [COMMENT]`; the user is the option
/// `flowshell-user=NAME`, else the comment's first word (before an `@`: `alice@laptop` is alice).
/// A line that cannot be used — an unknown or unsupported key type, no user, an option that
/// would restrict the key in a way not honoured here — is left out, and a problem says why.
struct AuthorizedKeys: Sendable {
    /// The user of each accepted key.
    private(set) var users: [NIOSSHPublicKey: String] = [:]
    /// What was wrong with the lines left out (`LINE: …`), in the file's order.
    private(set) var problems: [String] = []

    /// The option that names a key's user.
    static let userOption = "flowshell-user"
    /// Options that only forbid what a session here never does (forwarding, `~/.ssh/rc`), and so
    /// are kept as they are.
    static let harmlessOptions: Set<String> = ["no-port-forwarding", "no-agent-forwarding", "no-x11-forwarding", "no-user-rc", "restrict"]
    /// The key types a session can be opened with.
    static let supportedTypes: Set<String> = ["ssh-ed25519", "ecdsa-sha2-nistp256", "ecdsa-sha2-nistp384", "ecdsa-sha2-nistp521"]

    /// No keys: nobody may log in.
    init() {}

    /// The keys of a file's text.
    init(parsing text: String) {
        // A Windows line end ("\r\n") is one Character, a newline like "\n".
        for (index, line) in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).enumerated() {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            guard !trimmed.isEmpty, !trimmed.hasPrefix("#") else { continue }
            switch Self.entry(of: trimmed) {
            case .success(let (key, user)):
                if let other = users[key] {
                    problems.append("line \(index + 1): the key is listed already, for \(other); the first line counts")
                } else {
                    users[key] = user
                }
            case .failure(let problem):
                problems.append("line \(index + 1): \(problem.reason)")
            }
        }
    }

    /// The user a key belongs to, if it is listed.
    func user(of key: NIOSSHPublicKey) -> String? {
        users[key]
    }

    /// How many keys, and for how many users.
    var summary: (keys: Int, users: Int) {
        (users.count, Set(users.values).count)
    }

    private struct Unusable: Error {
        let reason: String
    }

    /// A line's key and user.
    private static func entry(of line: String) -> Result<(NIOSSHPublicKey, String), Unusable> {
        var rest = Substring(line)
        var options: [(name: String, value: String?)] = []
        // The options come first when the first word is not a key type.
        if let first = rest.split(separator: " ", maxSplits: 1).first, !isKeyType(first) {
            guard let parsed = parseOptions(&rest) else {
                return .failure(Unusable(reason: "its options cannot be read (an unclosed quote?)"))
            }
            options = parsed
        }
        let words = rest.split(maxSplits: 2, whereSeparator: { $0 == " " || $0 == "\t" })
        guard words.count >= 2 else { return .failure(Unusable(reason: "it has no key (TYPE BASE64 [COMMENT])")) }
        let type = String(words[0])
        guard supportedTypes.contains(type) else {
            if type == "ssh-rsa" || type == "ssh-dss" {
                return .failure(Unusable(reason: "\(type) keys are not supported here; use an Ed25519 key (ssh-keygen -t ed25519)"))
            }
            if type.hasPrefix("sk-") {
                return .failure(
                    Unusable(reason: "security-key (\(type)) keys are not supported here; use an Ed25519 key (ssh-keygen -t ed25519)"))
            }
            return .failure(
                Unusable(reason: "'\(type.prefix(40))' is not a key type this server knows (ssh-ed25519, ecdsa-sha2-nistp256…)"))
        }
        let key: NIOSSHPublicKey
        do {
            key = try NIOSSHPublicKey(openSSHPublicKey: "\(type) \(words[1])")
        } catch {
            return .failure(Unusable(reason: "its \(type) key cannot be read (cut short or mistyped?)"))
        }
        var user: String?
        for option in options {
            let name = option.name.lowercased()
            if name == userOption {
                guard let value = option.value, !value.isEmpty else {
                    return .failure(Unusable(reason: "\(userOption) needs a name (\(userOption)=alice)"))
                }
                user = value
            } else if !harmlessOptions.contains(name) {
                let reason =
                    "the option '\(option.name.prefix(40))' is not supported here, so the key is not accepted "
                    + "(\(userOption)=NAME is the one option a key line needs)"
                return .failure(Unusable(reason: reason))
            }
        }
        if user == nil, words.count == 3 {
            let comment = words[2].split(whereSeparator: { $0 == " " || $0 == "\t" }).first.map(String.init) ?? ""
            user = comment.split(separator: "@", omittingEmptySubsequences: false).first.map(String.init)
        }
        guard let user, !user.isEmpty else {
            return .failure(Unusable(reason: "it names no user: add \(userOption)=NAME before the key, or NAME as its comment"))
        }
        guard isUserName(user) else {
            return .failure(Unusable(reason: "'\(user.prefix(40))' is not a user name: use up to 32 letters, digits, '.', '-' or '_'"))
        }
        return .success((key, user))
    }

    /// Whether `word` is a key type rather than the options field.
    private static func isKeyType(_ word: Substring) -> Bool {
        word.hasPrefix("ssh-") || word.hasPrefix("ecdsa-") || word.hasPrefix("sk-")
    }

    /// A user name as the sample's sign-in takes it: up to 32 ASCII letters, digits, '.', '-' or '_'.
    static func isUserName(_ name: String) -> Bool {
        name.count <= 32
            && name.unicodeScalars.allSatisfy {
                ($0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0))) || "._-".unicodeScalars.contains($0)
            }
    }

    /// Reads the options field (`name`, `name=value` or `name="value, with spaces"`, comma
    /// separated) from the front of `text`, leaving what follows it.
    private static func parseOptions(_ text: inout Substring) -> [(name: String, value: String?)]? {
        var options: [(name: String, value: String?)] = []
        var name = ""
        var value: String?
        var inQuotes = false
        var index = text.startIndex
        func finish() {
            if !name.isEmpty { options.append((name, value)) }
            name = ""
            value = nil
        }
        while index < text.endIndex {
            let character = text[index]
            if inQuotes {
                if character == "\\", text.index(after: index) < text.endIndex, text[text.index(after: index)] == "\"" {
                    value?.append("\"")
                    index = text.index(index, offsetBy: 2)
                    continue
                }
                if character == "\"" { inQuotes = false } else { value?.append(character) }
            } else if character == " " || character == "\t" {
                break
            } else if character == "," {
                finish()
            } else if character == "=", value == nil {
                value = ""
            } else if character == "\"", value == "" {
                inQuotes = true
            } else if value != nil {
                value?.append(character)
            } else {
                name.append(character)
            }
            index = text.index(after: index)
        }
        guard !inQuotes else { return nil }
        finish()
        text = text[index...].drop { $0 == " " || $0 == "\t" }
        return options
    }
}
