import FlowShellKit

extension FlowWarnings {
    /// A command an agent could not call although the config means it to: one `personConfirms`
    /// names — an agent runs it once its person says yes — that its screen declares as changing
    /// what the app keeps, in a flow whose agents' sessions are read-only (`agentsReadOnly`),
    /// which refuse it before any person is asked. (Arguments put no command out of reach: each
    /// is a string, or a flag's boolean, in the schema an agent fills, and the line they make is
    /// read as a person's.)
    mutating func checkCommandsAgentsCannotCall() {
        guard check.manifest.agentsReadOnly else { return }
        for confirmed in check.manifest.personConfirms {
            guard let feature = check.features[confirmed.screen] else { continue }
            for (index, command) in confirmed.commands.enumerated() {
                guard let effect = feature.effects[command] else { continue }
                let does = effect == .destroys ? "takes back what the app keeps" : "changes what the app keeps"
                report(
                    confirmed.path.appending(index),
                    "an agent could not call '\(command)' of '\(confirmed.screen)': it \(does), which agentsReadOnly refuses to agents before any person is asked — take it out of personConfirms, or let agents change things"
                )
            }
        }
    }
}
