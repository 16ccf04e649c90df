import FlowShellKit

/// Builds the operators screen: a table of operators and the `choose` command.
final class OperatorListUpdater: Updater<[OperatorSummary]> {
    weak var actions: OperatorListActions?

    override func makeViewProperties(for operators: [OperatorSummary]) -> ViewProperties {
        ViewProperties(
            title: "Operators",
            content: [
                .table(Table(
                    columns: [Table.Column("Operator"), Table.Column("Cars", alignment: .trailing), Table.Column("From", alignment: .trailing)],
                    rows: operators.map { [$0.name, "\($0.carCount)", "\($0.lowestPrice) per hour"] }
                )),
            ],
            commands: [
                Command("choose", summary: "Show the cars of one operator",
                        arguments: [CommandArgument("OPERATOR", values: operators.map(\.name))]) { [weak self] arguments in
                    try arguments.expectAtMost(1)
                    try self?.actions?.choose(arguments.required(0, "OPERATOR"))
                },
            ],
            status: "\(operators.count) operators"
        )
    }
}
