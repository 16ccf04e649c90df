import Accounts
import Fleet
import FlowShellKit
import Foundation

/// The Interactor of bookings: the rules (how long, how far ahead), the calls to the repository,
/// and every refusal turned into a message for the screen.
struct BookingInteractor: Sendable {
    /// The longest booking, in hours.
    static let maximumHours = 72
    /// How far ahead a booking may start, in hours.
    static let maximumLeadHours = 168

    let repository: any BookingStore
    let clock: BookingClock
    /// Who is signed in (nil when no module says: then bookings belong to nobody in particular).
    let user: (any CurrentUser)?

    /// The services this module set up, and who is signed in.
    @MainActor
    init(services: ServiceContainer) throws {
        repository = try services.resolve((any BookingStore).self)
        clock = try services.resolve(BookingClock.self)
        user = try? services.resolve((any CurrentUser).self)
    }

    init(repository: any BookingStore, clock: BookingClock, user: (any CurrentUser)? = nil) {
        self.repository = repository
        self.clock = clock
        self.user = user
    }

    /// Whose bookings these are: the signed-in user's name, "" for nobody, nil when no module says.
    private func owner() async -> String? {
        guard let user else { return nil }
        return await user.name ?? ""
    }

    /// When a draft would start and end, from now.
    func period(of draft: BookingDraft) -> (start: Date, end: Date) {
        let now = clock.now()
        let start = now.addingTimeInterval(Double(draft.startsInHours) * 3600)
        return (start, start.addingTimeInterval(Double(draft.hours) * 3600))
    }

    /// Books the draft's car; the booking is on disk when this returns.
    func book(_ draft: BookingDraft) async throws -> BookingRecord {
        let (start, end) = period(of: draft)
        let user = await owner() ?? ""
        return try await inWords(.keeping("the booking")) {
            try await repository.book(
                carID: draft.carID, carName: draft.carName, startsAt: start.timeIntervalSince1970,
                endsAt: end.timeIntervalSince1970, total: draft.total, user: user)
        }
    }

    /// The signed-in user's bookings, the latest first.
    func bookings() async throws -> [BookingRecord] {
        let owner = await owner()
        return try await inWords(.reading) { try await repository.bookings(of: owner) }
    }

    /// Cancels a booking that has not started yet.
    func cancel(code: String) async throws -> BookingRecord {
        let now = clock.now().timeIntervalSince1970
        let bookings = try await bookings()
        guard let booking = bookings.first(where: { $0.code == code.uppercased() }) else {
            throw UserFacingError(Self.message(for: .unknown(code: code)))
        }
        guard booking.endsAt > now else {
            throw UserFacingError("booking \(booking.code) is over; only a coming or running booking can be cancelled")
        }
        return try await inWords(.keeping("the cancellation")) { try await repository.cancel(code: booking.code, at: now) }
    }

    /// Runs `work` of the repository, done for `task`, with what it throws in the user's words:
    /// a refusal as its message, a failure of the store as what could not be done.
    private func inWords<Value>(_ task: BookingStoreTask, _ work: () async throws -> Value) async throws -> Value {
        do {
            return try await work()
        } catch let refusal as BookingRepository.Refusal {
            throw UserFacingError(Self.message(for: refusal))
        } catch let error as UserFacingError {
            throw error
        } catch {
            throw repository.failure(task, error)
        }
    }

    static func message(for refusal: BookingRepository.Refusal) -> String {
        switch refusal {
        case .overlaps(let clash):
            return
                "\(clash.carName) is already booked from \(ShortTime.text(clash.startsAt)) to \(ShortTime.text(clash.endsAt)) (\(clash.code)); choose another time with 'from'"
        case .unknown(let code):
            return "no booking '\(code)'"
        case .alreadyCancelled(let code):
            return "booking \(code) is cancelled already"
        }
    }
}
