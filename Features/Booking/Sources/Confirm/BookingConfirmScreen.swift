import Fleet
import FlowShellKit

/// Confirming the booking of a car, looked up by its id: choose how long and when, then confirm (`confirmed`, with
/// the booking's code) or cancel (`cancelled`).
struct BookingConfirmScreen: Screen {
    static let id = "booking.confirm"
    static let title = "Confirm booking"

    struct Events: ScreenEvents {
        let confirmed = Event<BookingConfirmation>("the booking was made")
        let cancelled = Event<Nothing>("the user gave up")
    }

    let interactor: BookingInteractor
    let fleet: any CarLookup
    let input: CarReference
    /// How long a new booking lasts: the person's `set booking-hours`.
    let hours: Int

    init(input: CarReference, context: ScreenContext) throws {
        interactor = try BookingInteractor(services: context.services)
        fleet = try context.services.resolve((any CarLookup).self)
        self.input = input
        hours = Int(context.store.value(of: BookingModule.hours)) ?? 1
    }

    /// The draft for the car as the fleet has it now: its name and price are looked up, never
    /// taken from the input.
    func load() async throws -> BookingDraft {
        // Bookings that cannot be kept are said before anything is chosen.
        try interactor.repository.open()
        guard let car = try await fleet.car(id: input.carID) else {
            throw UserFacingError("no car '\(input.carID)'")
        }
        return dated(BookingDraft(carID: car.id, carName: car.name, pricePerHour: car.pricePerHour, hours: hours))
    }

    /// The draft with its period as of now.
    func dated(_ draft: BookingDraft) -> BookingDraft {
        var draft = draft
        let (start, end) = interactor.period(of: draft)
        let from = draft.startsInHours == 0 ? "now" : ShortTime.text(start.timeIntervalSince1970)
        draft.period = "\(from) to \(ShortTime.text(end.timeIntervalSince1970))"
        return draft
    }

    static let commands: [ScreenCommand<Self>] = [
        .command(
            "hours", "Set how many hours to book (1–\(BookingInteractor.maximumHours))",
            .number("HOURS", in: 1...BookingInteractor.maximumHours, suggested: [1, 2, 3, 4, 8, 24])
        ) { screen, draft, hours, _ in
            draft.hours = hours
            draft = screen.dated(draft)
        },
        .command(
            "from", "Start in HOURS hours (0: now, up to \(BookingInteractor.maximumLeadHours))",
            .number("HOURS", in: 0...BookingInteractor.maximumLeadHours, suggested: [0, 1, 2, 4, 24])
        ) { screen, draft, hours, _ in
            draft.startsInHours = hours
            draft = screen.dated(draft)
        },
        .command("confirm", "Confirm the booking") { screen, draft, emit in
            if let code = draft.confirmationCode {
                throw UserFacingError("already booked — booking \(code)")
            }
            // Saved before the screen says so: a booking shown as made is on disk.
            let booking = try await screen.interactor.book(draft)
            draft.confirmationCode = booking.code
            emit(\.confirmed, BookingConfirmation(bookingID: booking.code, carID: booking.carID))
        }.primary().changing(),
        .command("cancel", "Give up this booking") { _, _, emit in emit(\.cancelled) },
    ]

    static func render(_ draft: BookingDraft) -> ViewProperties {
        ViewProperties(
            title: "Book \(draft.carName)", status: draft.confirmationCode == nil ? "not booked yet — confirm or cancel" : "booked"
        ) {
            Component.keyValue([
                KeyValue("Car", draft.carName),
                KeyValue("Duration", draft.hours == 1 ? "1 hour" : "\(draft.hours) hours"),
                KeyValue("When", draft.period),
                KeyValue("Price", "\(draft.pricePerHour) × \(draft.hours) = \(draft.total)"),
            ])
            if let code = draft.confirmationCode {
                Component.message(.success, "Booked \(draft.carName) for \(draft.hours) h — booking \(code)")
            }
        }
    }
}
