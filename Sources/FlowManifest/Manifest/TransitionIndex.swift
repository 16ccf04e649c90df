/// The transitions of one scope (the main flow or a sub-flow) by where they start, so that each
/// lookup is one hash away: the rule "the exact screen first, then `*`" is written here only.
public struct TransitionIndex: Sendable {
    private var events: [Key: Transition] = [:]
    private var commands: [Key: Transition] = [:]
    private var commandsFrom: [String: [Transition]] = [:]
    private var edges: [Key: Transition] = [:]
    private var flowStarts: [Key: Transition] = [:]

    private struct Key: Hashable, Sendable {
        let from: String
        let name: String
    }

    /// Indexes transitions; the first of two with the same start wins (a second is an error `check` reports).
    public init(_ transitions: [Transition]) {
        for transition in transitions {
            let key = Key(from: transition.from, name: transition.on)
            if transition.isCommand {
                if commands[key] == nil {
                    commands[key] = transition
                    commandsFrom[transition.from, default: []].append(transition)
                }
            } else if events[key] == nil {
                events[key] = transition
            }
            if let flow = transition.flow, flowStarts[Key(from: transition.from, name: flow)] == nil {
                flowStarts[Key(from: transition.from, name: flow)] = transition
            }
            if let target = transition.to, edges[Key(from: transition.from, name: target)] == nil {
                edges[Key(from: transition.from, name: target)] = transition
            }
        }
    }

    /// The transition taken when `featureID` emits `event`: an exact match first, then `*`.
    public func transition(from featureID: String, on event: String) -> Transition? {
        events[Key(from: featureID, name: event)] ?? events[Key(from: Transition.anyScreen, name: event)]
    }

    /// A transition that shows `target` from `featureID` (or from any screen), if one does.
    public func edge(from featureID: String, to target: String) -> Transition? {
        edges[Key(from: featureID, name: target)] ?? edges[Key(from: Transition.anyScreen, name: target)]
    }

    /// A transition that starts sub-flow `flow` from `featureID` (or from any screen), if one does.
    public func startingFlow(_ flow: String, from featureID: String) -> Transition? {
        flowStarts[Key(from: featureID, name: flow)] ?? flowStarts[Key(from: Transition.anyScreen, name: flow)]
    }

    /// The command `name` the config adds to `featureID` (or to every screen).
    public func command(_ name: String, on featureID: String) -> Transition? {
        commands[Key(from: featureID, name: name)] ?? commands[Key(from: Transition.anyScreen, name: name)]
    }

    /// Every command the config adds to `featureID`, its own first, in manifest order.
    public func commands(on featureID: String) -> [Transition] {
        let own = commandsFrom[featureID] ?? []
        let shared = commandsFrom[Transition.anyScreen] ?? []
        guard !own.isEmpty, !shared.isEmpty else { return own + shared }
        let ownNames = Set(own.lazy.map(\.on))
        return own + shared.filter { !ownNames.contains($0.on) }
    }
}
