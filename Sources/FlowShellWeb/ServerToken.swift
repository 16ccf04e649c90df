import FlowShellRuntime
import FlowShellServing
import Foundation

/// The server's token: made once and kept in the app's state folder (`web-token`, readable by
/// its owner only), so that after a restart — a deploy — every tab comes back in with its key
/// (an HMAC under the token) and the printed address still works; `serve --new-token` makes a
/// new one, which shuts out every tab let in before.
enum ServerToken {
    /// The file's name in the app's state folder.
    static let fileName = "web-token"

    /// The token to serve with, and what the person starting the server should hear of it.
    struct Kept: Equatable {
        let token: String
        /// A warning, when the token could not be kept or was replaced.
        let warning: String?
    }

    /// The token kept in `folder`, or a new one kept there (`renew`, or none kept yet, or one
    /// that others could read); without a folder, a new one for this run.
    static func load(folder: String?, renew: Bool) -> Kept {
        guard let folder else {
            return Kept(token: make(), warning: "warning: the token changes at each start: there is no home folder to keep it in")
        }
        let path = folder + "/" + fileName
        var reason: String?
        if !renew, FileManager.default.fileExists(atPath: path) {
            if let mode = PrivateFile.permissions(of: path), mode & 0o077 != 0 {
                reason = "\(path) was readable by others, so a new token was made: open the address printed below"
            } else if let data = FileManager.default.contents(atPath: path),
                let text = String(data: data, encoding: .utf8)?.trimmingCharacters(in: .whitespacesAndNewlines),
                isToken(text)
            {
                return Kept(token: text, warning: nil)
            } else {
                reason = "\(path) holds no token, so a new one was made: open the address printed below"
            }
        }
        let token = make()
        do {
            try PrivateFile.save(Data((token + "\n").utf8), to: path)
        } catch {
            return Kept(
                token: token,
                warning: "warning: cannot keep the token in \(path) (\(SystemError.describe(error))): it changes at the next start")
        }
        return Kept(token: token, warning: reason.map { "warning: \($0)" })
    }

    /// A new token: 24 random bytes.
    static func make() -> String {
        RandomToken.make(bytes: 24)
    }

    /// Whether `text` is a token as the server makes them: hexadecimal, 32 to 128 digits.
    static func isToken(_ text: String) -> Bool {
        (32...128).contains(text.utf8.count)
            && text.utf8.allSatisfy {
                (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains($0)
            }
    }
}
