import ArgumentParser

/// `--shard I/N`: part I (from 1) of N of a file's lines (see `JSONLineShard`).
///
/// ```swift
/// try ShardArgument.parse("2/8")  // ShardArgument(index: 2, count: 8)
/// ```
struct ShardArgument: Equatable {
    let index: Int
    let count: Int

    /// Reads `I/N`, with 1 ≤ I ≤ N.
    static func parse(_ text: String) throws -> ShardArgument {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]), count >= 1,
            (1...count).contains(index)
        else {
            throw ValidationError("--shard takes I/N, part I of N with 1 ≤ I ≤ N (such as 1/4), not '\(text)'.")
        }
        return ShardArgument(index: index, count: count)
    }
}
