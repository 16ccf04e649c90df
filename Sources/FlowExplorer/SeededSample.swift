/// Chooses, the same way every run with the same seed, which values to try when an argument
/// offers more than the explorer tries. (A generator of its own: the standard library's is
/// seeded anew in every process, and its hashes too.)
struct SeededSample {
    /// The run's seed.
    let seed: UInt64

    /// `values` when there are at most `limit`; else `limit` of them chosen by the seed and
    /// `name` (what the values are for), in the order they were offered.
    func choose(_ values: [String], limit: Int, for name: String) -> [String] {
        guard values.count > limit else { return values }
        var generator = SplitMix64(state: seed ^ Self.fnv1a(name))
        var indices = Array(values.indices)
        // The first `limit` places of a Fisher–Yates shuffle.
        for place in 0..<limit {
            let other = place + Int(generator.next() % UInt64(indices.count - place))
            indices.swapAt(place, other)
        }
        return indices.prefix(limit).sorted().map { values[$0] }
    }

    /// FNV-1a of the text's UTF-8: a hash that is the same in every process.
    static func fnv1a(_ text: String) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
        }
        return hash
    }
}

/// SplitMix64 (Steele, Lea and Flood), the usual seeder of small generators: enough to choose
/// values, and the same on every machine.
struct SplitMix64 {
    var state: UInt64

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }
}
