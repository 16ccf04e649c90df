/// One update of a group of a ``RecordStore``'s collection, inside its transaction: the group's
/// records as they are now, how many the collection holds, and what the update writes.
public struct RecordUpdate: Sendable {
    /// The group changed.
    public let group: String
    /// The group's records as they are now: no other writer of the collection changes them until
    /// the update ends.
    public let records: [StoredRecord]
    /// How many records the whole collection holds now, every group's: to number a new key without
    /// a gap or a twin (`BK-\(1001 + count)`), since no other writer adds one meanwhile.
    public let count: Int
    /// What the update writes, in order.
    public private(set) var written: [StoredRecord] = []

    /// An update of `group`, which holds `records`, in a collection of `count` records.
    public init(group: String, records: [StoredRecord], count: Int) {
        self.group = group
        self.records = records
        self.count = count
    }

    /// Keeps `value` under `key` in the group, replacing the record of that key.
    public mutating func put(_ value: some Encodable, key: String) throws {
        let record = try StoredRecord(key: key, group: group, encoding: value)
        written.removeAll { $0.key == key }
        written.append(record)
    }
}
