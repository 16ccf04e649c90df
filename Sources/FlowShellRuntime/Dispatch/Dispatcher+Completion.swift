import FlowShellKit

// The runtime's part of completion: the values modules offer for link parameters, which the
// terminal's Tab reads (`Dispatcher.complete`) and which cannot be awaited at a key press.
extension Dispatcher {
    /// Asks the modules that offer them for the values of their link parameters (every car's
    /// plate), which Tab offers after `open`; asked before the first prompt and after each line
    /// at a terminal, since completion itself cannot wait. A module that fails offers none.
    public func refreshLinkParameterValues() async {
        var values: [String: [String]] = [:]
        for (parameter, resolver) in flow.resolvers {
            guard let suggest = resolver.suggest else { continue }
            values[parameter] = (try? await suggest(flow.services)) ?? []
        }
        linkParameterValues = values
    }
}
