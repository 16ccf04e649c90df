import FlowCoordinator
import FlowShellKit

/// `set [NAME [VALUE]]`: the session's settings, kept per app.
extension Dispatcher {
    func changeSetting(_ words: [String]) {
        guard let name = words.first else {
            let lines = ShellSettings.all.map { "\($0.name) = \(settings[$0.name])  — \($0.summary)" }
            output.text(lines)
            return
        }
        guard words.count > 1 else {
            do {
                _ = try ShellSettings.check(name, settings[name].isEmpty ? "-" : settings[name])
                output.text(["\(name) = \(settings[name])"])
            } catch {
                fail(UserFacingError.message(for: error))
            }
            return
        }
        do {
            try settings.set(name, to: words[1], in: runtime.shellStore)
            output.apply(settings)
            output.notice(Notice(.success, "\(name) = \(settings[name])"))
        } catch {
            fail(UserFacingError.message(for: error))
        }
    }
}
