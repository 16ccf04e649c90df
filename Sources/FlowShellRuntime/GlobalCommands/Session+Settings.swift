import FlowCoordinator
import FlowManifest
import FlowShellKit

/// `set [NAME [VALUE]]`: the session's settings — the shell's own and those the flow's modules
/// declare — kept per app.
extension Session {
    /// Every setting `set` knows now: the shell's own, then those of the modules the flow loads.
    package var allSettings: [ShellSettings.Setting] {
        ShellSettings.builtIn
            + flow.catalog.settings(loading: flow.manifest.loadedModules).map { ShellSettings.Setting($0.setting, of: $0.module) }
    }

    /// The value of `setting` now.
    func value(of setting: ShellSettings.Setting) -> String {
        guard let module = setting.module else { return settings[setting.name] }
        let kept = flow.store(forModule: module).value(for: "set.\(setting.name)")
        return kept.flatMap { setting.values.contains($0) ? $0 : nil } ?? setting.defaultValue
    }

    func changeSetting(_ words: [String]) {
        let known = allSettings
        guard let name = words.first else {
            output.settings(
                SettingsListing(
                    rows: known.map { setting in
                        SettingsListing.Row(
                            name: setting.name, value: value(of: setting),
                            summary: setting.summary + (setting.module.map { " (\($0))" } ?? ""))
                    }))
            return
        }
        guard let setting = known.first(where: { $0.name == name }) else {
            let names = known.map(\.name)
            let hint = EditDistance.closest(to: name, among: names).map { " — did you mean '\($0)'?" } ?? ""
            fail("no setting '\(name)'\(hint); settings: \(names.joined(separator: ", "))")
            return
        }
        guard words.count > 1 else {
            output.text(["\(name) = \(value(of: setting))"])
            return
        }
        do {
            if let module = setting.module {
                let checked = try setting.check(words[1])
                try flow.store(forModule: module).setValue(checked, for: "set.\(name)")
            } else {
                try settings.set(name, to: words[1], in: runtime.shellStore)
                output.apply(settings)
            }
            output.notice(Notice(.success, "\(name) = \(value(of: setting))"))
        } catch {
            fail(UserFacingError.message(for: error))
        }
    }
}
