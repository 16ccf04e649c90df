import FlowShellKit

/// A database the programs of one flow keep their modules' records in (`--database URL`): its
/// terminals and its servers, on any machine, each see what the others wrote. Without one, each
/// machine keeps them in the app's data folder.
public protocol SharedRecords: Sendable {
    /// Where it is, in the user's words ("PostgreSQL at db.example:5432").
    var place: String { get }
    /// `app`'s records, which its modules keep their shared data in (the sample's bookings): the
    /// same store each time it is asked for one app.
    func records(app: String) -> any RecordStore
}
