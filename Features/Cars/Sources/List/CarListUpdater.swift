import FlowShellKit

/// Builds the car list's ViewProperties: a table of the visible cars and the list's commands.
final class CarListUpdater: Updater<CarListState> {
    weak var actions: CarListActions?

    override func makeViewProperties(for state: CarListState) -> ViewProperties {
        let visible = state.visibleCars
        var content: [Component] = []
        if visible.isEmpty {
            content.append(.message(.info, state.listedCars.isEmpty ? "No cars are available right now." : "No car matches '\(state.filter)'."))
        } else {
            content.append(.table(Table(
                columns: [
                    Table.Column("ID").keepingWidth(), Table.Column("Car").shrinking(), Table.Column("Operator"),
                    Table.Column("Price").trailing(), Table.Column("Away").trailing(),
                ],
                rows: visible.map { [$0.id, $0.name, $0.manager, "\($0.pricePerHour)/h", $0.distanceText] }
            )))
        }
        var status = "\(visible.count) of \(state.listedCars.count) cars, by \(state.order.rawValue)"
        if !state.filter.isEmpty { status += ", matching '\(state.filter)'" }
        let title = state.operatorName.map { "\($0) cars" } ?? "Cars"
        return ViewProperties(title: title, content: content, commands: commands(for: state), status: status)
    }

    private func commands(for state: CarListState) -> [Command] {
        [
            Command("select", summary: "Show a car's details",
                    arguments: [CommandArgument("CAR-ID", values: state.visibleCars.map(\.id))]) { [weak self] arguments in
                try arguments.expectAtMost(1)
                try self?.actions?.select(carID: arguments.required(0, "CAR-ID"))
            },
            Command("filter", summary: "Show only cars whose name, id or operator contains TEXT (none: all)",
                    arguments: [CommandArgument("TEXT", optional: true)]) { [weak self] arguments in
                self?.actions?.filter(by: arguments.values.joined(separator: " "))
            },
            Command("sort", summary: "Order the list by price, distance or name",
                    arguments: [CommandArgument("ORDER", values: CarSortOrder.allCases.map(\.rawValue))]) { [weak self] arguments in
                try arguments.expectAtMost(1)
                let text = try arguments.required(0, "ORDER")
                guard let order = CarSortOrder(rawValue: text) else {
                    throw UserFacingError("cannot sort by '\(text)' — choose price, distance or name")
                }
                self?.actions?.sort(by: order)
            },
            Command("refresh", summary: "Ask every operator for its cars again") { [weak self] arguments in
                try arguments.expectAtMost(0)
                try await self?.actions?.refresh()
            },
            Command("operators", summary: "List the car operators") { [weak self] arguments in
                try arguments.expectAtMost(0)
                self?.actions?.showOperators()
            },
            Command("bookings", summary: "Show my bookings") { [weak self] arguments in
                try arguments.expectAtMost(0)
                self?.actions?.showBookings()
            },
            Command("account", summary: "Show who is signed in") { [weak self] arguments in
                try arguments.expectAtMost(0)
                self?.actions?.showAccount()
            },
        ]
    }
}
