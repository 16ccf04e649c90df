import FlowShellKit

/// The bookings in the records every server of the flow shares (`--database`): the collection
/// `bookings`, each booking under its code in the group of its car. A booking is checked against
/// the car's others and written in one update, which the store runs as one transaction with the
/// collection locked: of two servers booking one car at once, the second sees the first's
/// booking and is refused.
struct SharedBookings: BookingStore {
    /// The collection the bookings are kept in.
    static let collection = "bookings"

    let store: any RecordStore

    func open() throws {}

    var mayHoldBookings: Bool { true }

    func takeNotice() -> String? { nil }

    func book(carID: String, carName: String, startsAt: Double, endsAt: Double, total: Int, user: String) async throws -> BookingRecord {
        try await store.update(in: Self.collection, group: carID) { update in
            let standing = try update.records.map { try $0.decoded(as: BookingRecord.self) }.filter { $0.cancelledAt == nil }
            if let clash = standing.first(where: { $0.startsAt < endsAt && $0.endsAt > startsAt }) {
                throw BookingRepository.Refusal.overlaps(clash)
            }
            let record = BookingRecord(
                code: "BK-\(1001 + update.count)", carID: carID, carName: carName, startsAt: startsAt, endsAt: endsAt, total: total,
                user: user)
            try update.put(record, key: record.code)
            return record
        }
    }

    func bookings(of user: String?) async throws -> [BookingRecord] {
        let all = try await store.records(in: Self.collection).map { try $0.decoded(as: BookingRecord.self) }
        return all.filter { user == nil || $0.user == user }.sorted { ($0.startsAt, $0.code) > ($1.startsAt, $1.code) }
    }

    func cancel(code: String, at time: Double) async throws -> BookingRecord {
        guard let found = try await store.records(in: Self.collection).first(where: { $0.key == code }) else {
            throw BookingRepository.Refusal.unknown(code: code)
        }
        return try await store.update(in: Self.collection, group: found.group) { update in
            // Read again under the lock: another server may have cancelled it meanwhile.
            guard var record = try update.records.first(where: { $0.key == code })?.decoded(as: BookingRecord.self) else {
                throw BookingRepository.Refusal.unknown(code: code)
            }
            guard record.cancelledAt == nil else { throw BookingRepository.Refusal.alreadyCancelled(code: code) }
            record.cancelledAt = time
            try update.put(record, key: code)
            return record
        }
    }

    func changes() -> DataChanges {
        store.changes(of: Self.collection)
    }

    func failure(_ what: BookingStoreTask, _ error: any Error) -> UserFacingError {
        // The store says what it could not do in words already; a record it cannot read is said here.
        if let error = error as? UserFacingError { return error }
        let unreadable = "a booking kept in \(store.place) is not one this version of the app reads — is every server the same version?"
        switch what {
        case .keeping(let change): return UserFacingError("cannot keep \(change): \(unreadable)")
        case .reading: return UserFacingError("cannot read the bookings: \(unreadable)")
        }
    }
}
