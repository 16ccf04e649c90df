import FlowShellKit

/// Builds the confirmation screen: the booking's terms, then a success message once confirmed.
final class BookingConfirmUpdater: Updater<BookingDraft> {
    weak var actions: BookingConfirmActions?
    /// Says when a draft would run (from the interactor's clock).
    var describePeriod: (BookingDraft) -> String = { _ in "" }

    override func makeViewProperties(for draft: BookingDraft) -> ViewProperties {
        var content: [Component] = [
            .keyValue([
                KeyValue("Car", draft.carName),
                KeyValue("Duration", draft.hours == 1 ? "1 hour" : "\(draft.hours) hours"),
                KeyValue("When", describePeriod(draft)),
                KeyValue("Price", "\(draft.pricePerHour) × \(draft.hours) = \(draft.total)"),
            ]),
        ]
        if let code = draft.confirmationCode {
            content.append(.message(.success, "Booked \(draft.carName) for \(draft.hours) h — booking \(code)"))
        }
        return ViewProperties(
            title: "Book \(draft.carName)",
            content: content,
            commands: [
                Command("hours", summary: "Set how many hours to book (1–\(BookingInteractor.maximumHours))",
                        arguments: [CommandArgument("HOURS", values: ["1", "2", "3", "4", "8", "24"])]) { [weak self] arguments in
                    try arguments.expectAtMost(1)
                    self?.actions?.setHours(try arguments.integer(0, "HOURS", in: 1...BookingInteractor.maximumHours))
                },
                Command("from", summary: "Start in HOURS hours (0: now, up to \(BookingInteractor.maximumLeadHours))",
                        arguments: [CommandArgument("HOURS", values: ["0", "1", "2", "4", "24"])]) { [weak self] arguments in
                    try arguments.expectAtMost(1)
                    self?.actions?.setStart(inHours: try arguments.integer(0, "HOURS", in: 0...BookingInteractor.maximumLeadHours))
                },
                Command("confirm", summary: "Confirm the booking") { [weak self] arguments in
                    try arguments.expectAtMost(0)
                    try await self?.actions?.confirm()
                },
                Command("cancel", summary: "Give up this booking") { [weak self] arguments in
                    try arguments.expectAtMost(0)
                    self?.actions?.cancel()
                },
            ],
            status: draft.confirmationCode == nil ? "not booked yet — confirm or cancel" : "booked"
        )
    }
}
