import Foundation

/// An order-sensitive digest of the values a query found: how many, and a hash of each in turn
/// (FNV-1a over strings' UTF-8, integers' and doubles' bits).
///
/// Sift and Foundation contenders that find the same values in the same order give the same
/// ``checksum``.
///
/// ```swift
/// var fingerprint = Fingerprint()
/// for title in titles { fingerprint.add(title) }
/// return RunResult(bytes: data.count, checksum: fingerprint.checksum)
/// ```
struct Fingerprint {
    private(set) var count = 0
    private var hash: UInt64 = 0xcbf2_9ce4_8422_2325

    /// The digest: the count in the top bits, mixed with the hash.
    var checksum: UInt64 { hash ^ UInt64(count) << 40 }

    init() {}

    /// A digest computed elsewhere by the same rules (the simdjson contender's C++, CSimdjsonBench.h).
    init(count: Int, hash: UInt64) {
        self.count = count
        self.hash = hash
    }

    mutating func add(_ string: String) {
        var string = string
        string.withUTF8 { bytes in
            for byte in bytes { mix(UInt64(byte)) }
        }
        mix(0xFF)
        count += 1
    }

    mutating func add(_ integer: Int) {
        mix(UInt64(bitPattern: Int64(integer)))
        count += 1
    }

    mutating func add(_ double: Double) {
        mix(double.bitPattern)
        count += 1
    }

    mutating func add(_ bool: Bool) {
        mix(bool ? 0x7 : 0x3)
        count += 1
    }

    /// Adds a run of bytes (a process's whole output) as one value.
    mutating func add(bytes: Data) {
        for byte in bytes { mix(UInt64(byte)) }
        mix(0xFF)
        count += 1
    }

    /// Folds another fingerprint in (for several paths in one digest).
    mutating func add(_ other: Fingerprint) {
        mix(other.checksum)
        count += other.count
    }

    private mutating func mix(_ value: UInt64) {
        hash = (hash ^ value) &* 0x100_0000_01b3
    }
}
