/// A tiny, fast, seeded pseudo-random generator (Steele, Lea and Flood's SplitMix64).
///
/// Every generated benchmark document comes from one of these, so the same seed gives the same
/// bytes on every machine and in every process (the memory children regenerate their input).
/// The helpers below are written out rather than taken from the standard library's
/// `random(in:using:)`, whose algorithm is not promised to stay the same between releases.
///
/// ```swift
/// var random = SplitMix64(seed: 42)
/// let dice = random.below(6) + 1
/// ```
struct SplitMix64 {
    private var state: UInt64

    /// Creates a generator; equal seeds give equal sequences.
    init(seed: UInt64) {
        state = seed
    }

    /// The next 64 random bits.
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }

    /// A number in `0..<bound` (`bound > 0`), by multiply-shift: the bias is far below anything
    /// a benchmark document could show.
    mutating func below(_ bound: Int) -> Int {
        Int(next().multipliedFullWidth(by: UInt64(bound)).high)
    }

    /// A number in `range`.
    mutating func within(_ range: ClosedRange<Int>) -> Int {
        range.lowerBound + below(range.count)
    }

    /// True with probability `percent` / 100.
    mutating func chance(_ percent: Int) -> Bool {
        below(100) < percent
    }

    /// One element of a non-empty array.
    mutating func pick<Element>(_ elements: [Element]) -> Element {
        elements[below(elements.count)]
    }
}
