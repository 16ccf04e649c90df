import FlowShellKit

/// The operators, with how many cars each offers and from what price; choosing one emits
/// `chosen` with its name.
struct OperatorListScreen: Screen {
    static let id = "cars.operators"
    static let title = "Operators"

    struct Events: ScreenEvents {
        let chosen = Event<OperatorFilter>("an operator was chosen")
    }

    let fleet: CarAggregator

    init(input: Nothing, context: ScreenContext) throws {
        fleet = try context.services.resolve(CarAggregator.self)
    }

    func load() async throws -> [OperatorSummary] {
        OperatorSummary.summaries(of: try await fleet.allCars())
    }

    static let commands: [ScreenCommand<Self>] = [
        .command("choose", "Show the cars of one operator", .argument("OPERATOR", values: { $0.map(\.name) })) { _, operators, name, emit in
            // Operator names are matched without regard to case: `choose greengo` is meant kindly.
            guard let summary = operators.first(where: { $0.name.lowercased() == name.lowercased() }) else {
                throw UserFacingError("no operator '\(name)' — choose one of \(operators.map(\.name).joined(separator: ", "))")
            }
            emit(\.chosen, OperatorFilter(operator: summary.name))
        }
    ]

    static func render(_ operators: [OperatorSummary]) -> ViewProperties {
        ViewProperties(title: title, status: "\(operators.count) operators") {
            Component.table(
                Table(
                    columns: [
                        Table.Column("Operator"), Table.Column("Cars", alignment: .trailing), Table.Column("From", alignment: .trailing),
                    ],
                    rows: operators.map { [$0.name, "\($0.carCount)", "\($0.lowestPrice) per hour"] }
                ).rowsOpen("choose"))
        }
    }
}
