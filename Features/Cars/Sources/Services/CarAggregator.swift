import Fleet

/// Gathers the fleets of several operators into one list: asks them all at once, and merges
/// a car that more than one lists.
public struct CarAggregator: CarLookup {
    /// The operators asked.
    public let managers: [any CarManager]

    /// An aggregator over the operators `managers`; a car that two of them list is the first one's.
    public init(managers: [any CarManager]) {
        self.managers = managers
    }

    /// Every operator's cars, each id once (the first operator listed wins), sorted by id.
    public func allCars() async throws -> [Car] {
        // Fleets as last known are at hand, so each is asked in turn, on the caller's actor.
        var fleets: [[Car]] = []
        for manager in managers {
            fleets.append(try await manager.fleet())
        }
        return merged(fleets)
    }

    /// Every operator's cars asked anew, all operators at once; cancellable. `answered` hears
    /// the list each time an operator answers: that operator's new cars with the others' as
    /// last known, and how many have answered.
    public func refreshedCars(answered: (_ cars: [Car], _ operatorsAnswered: Int) -> Void = { _, _ in }) async throws -> [Car] {
        var fleets: [[Car]] = []
        for manager in managers {
            fleets.append(try await manager.fleet())
        }
        // The answers are taken here, in this function, rather than in a task group's body:
        // `answered` then runs where the caller does (a screen's command, on its actor).
        var count = 0
        for try await (index, cars) in answers() {
            fleets[index] = cars
            count += 1
            answered(merged(fleets), count)
        }
        try Task.checkCancellation()
        return merged(fleets)
    }

    /// Each operator's fleet asked anew, with its index, as the answers arrive; the asking stops
    /// when the sequence is dropped or its reader cancelled.
    private func answers() -> AsyncThrowingStream<(Int, [Car]), any Error> {
        let (answers, continuation) = AsyncThrowingStream<(Int, [Car]), any Error>.makeStream()
        let managers = self.managers
        let asking = Task {
            try await withThrowingTaskGroup(of: (Int, [Car]).self) { group in
                for (index, manager) in managers.enumerated() {
                    group.addTask { (index, try await manager.refreshedFleet()) }
                }
                for try await answer in group {
                    continuation.yield(answer)
                }
            }
        }
        Task {
            do {
                try await asking.value
                continuation.finish()
            } catch {
                continuation.finish(throwing: error)
            }
        }
        continuation.onTermination = { _ in asking.cancel() }
        return answers
    }

    /// The fleets as one list: each id once, from the first fleet that has it, sorted by id.
    private func merged(_ fleets: [[Car]]) -> [Car] {
        var seen: Set<String> = []
        return fleets.joined().filter { seen.insert($0.id).inserted }.sorted { $0.id < $1.id }
    }

    /// The car with `id`, if any operator offers it.
    public func car(id: String) async throws -> Car? {
        // The first operator that lists it, as in `allCars()`, without merging every fleet.
        for manager in managers {
            if let car = try await manager.fleet().first(where: { $0.id == id }) { return car }
        }
        return nil
    }
}
