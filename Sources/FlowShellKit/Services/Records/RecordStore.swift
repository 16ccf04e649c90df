/// Where a feature keeps the data that every session and front end shares — the terminal's, a
/// browser tab's, an SSH login's, an agent's, on this server or on another of the same flow: records
/// of JSON in named collections (`bookings`), each kept under a key unique in its collection
/// (`BK-1002`) and in a group (the car booked), read by anyone and changed one collection's writer
/// at a time.
///
/// The runtime hands a module the app's store in ``AppEnvironment/records``: in the app's data
/// folder on one machine (its shells and servers), in PostgreSQL when the servers of the flow
/// share a database (`--database postgres://…`), in memory for a test (``MemoryRecordStore``).
/// What an update checks and writes is one transaction of the database: two servers booking one
/// car at once cannot both see it free.
public protocol RecordStore: Sendable {
    /// Where the records are, in the user's words (`PostgreSQL at db.internal:5432/flows`).
    var place: String { get }
    /// Whether every server of the flow, on any machine, reads these records (a database), rather
    /// than this machine's shells and servers only (the data folder, memory).
    var sharedAcrossMachines: Bool { get }

    /// Every record of `collection`, as committed now.
    func records(in collection: String) async throws -> [StoredRecord]

    /// Changes `group` of `collection` in one transaction: `change` gets the group's records as
    /// they are now, and no other writer of the collection — on any server — changes them until
    /// the update ends; what it ``RecordUpdate/put(_:key:)`` is written, and those who follow
    /// ``changes(of:)`` are told each key, once it is committed. When `change` throws, nothing
    /// is written and its error is thrown as it is (a refusal in the user's words); what the
    /// store could not do is a ``UserFacingError`` saying where and what to do. `change` runs
    /// inside the transaction, with the collection locked: it decides from what it is given and
    /// does not call the store (which would wait for itself).
    func update<Result: Sendable>(
        in collection: String, group: String, _ change: @escaping @Sendable (inout RecordUpdate) throws -> Result
    ) async throws -> Result

    /// When records of `collection` changed, whichever server changed them: each element the key
    /// that changed, or nil when anything may have (the first element, told once every later
    /// change will be; and after the store lost its way of being told, so that a screen reads
    /// everything again).
    func changes(of collection: String) -> DataChanges
}
