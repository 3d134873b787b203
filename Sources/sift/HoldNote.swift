#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The one-time note on stderr for a query whose RFC 9535 order makes it hold matches (a
/// descendant segment, a union, a negative index): when the process has grown by more than
/// 64 MB since the query started, or, with `--first`, when 64 MB were read without the first
/// match being known, it says that `--stream-order` gives the values in document order without
/// holding them.
///
/// The growth is the process's peak resident size (`VmHWM`), read once per megabyte of input:
/// the engine does not publish what it holds, and what the process holds is what a user sees.
/// `SIFT_HOLD_NOTE_MB` sets another threshold (the tests use 1).
///
/// ```swift
/// let note = HoldNote(path: "$..id", stopsAtFirstMatch: false)
/// note?.check(bytesRead: 70_000_000, matchCount: 12)  // writes the note once, if memory grew
/// ```
final class HoldNote {
    private let threshold: Int
    private let stopsAtFirstMatch: Bool
    private let baseline = HoldNote.peakResidentBytes()
    private var bytesRead = 0
    private var nextMeasure = 0
    private var written = false

    /// A watch for `path`, or nil when the path's RFC 9535 order is its document order.
    init?(path: String, stopsAtFirstMatch: Bool) {
        guard path.contains("..") || path.contains(",") || path.contains("[-") else { return nil }
        let megabytes = Environment.value("SIFT_HOLD_NOTE_MB").flatMap { Int($0) } ?? 64
        threshold = megabytes * 1_000_000
        self.stopsAtFirstMatch = stopsAtFirstMatch
    }

    /// Counts `count` more bytes read and writes the note if it is due.
    func check(bytesRead count: Int, matchCount: Int) {
        guard !written else { return }
        bytesRead += count
        if stopsAtFirstMatch {
            guard matchCount == 0, bytesRead > threshold else { return }
            written = true
            StandardError.write(
                "sift: note: in RFC 9535 order the first match is known only when its container closes "
                    + "(\(bytesRead / 1_000_000) MB read so far); --stream-order --first stops at the first match "
                    + "in document order\n")
            return
        }
        // Read once per megabyte of input and at the end of an input (count 0): a read of
        // /proc per chunk would cost more than the chunk's parse.
        guard count == 0 || bytesRead >= nextMeasure else { return }
        nextMeasure = bytesRead + 1_000_000
        guard Self.peakResidentBytes() - baseline > threshold else { return }
        written = true
        StandardError.write(
            "sift: note: RFC 9535 order holds this path's matches until their container closes "
                + "(over \(threshold / 1_000_000) MB now); --stream-order gives the same values in document "
                + "order without holding them\n")
    }

    /// The process's peak resident set size in bytes: `VmHWM` on Linux (`ru_maxrss` there
    /// starts at the parent's peak when the process was spawned with vfork semantics), else
    /// `ru_maxrss`.
    private static func peakResidentBytes() -> Int {
        #if os(Linux)
            let descriptor = open("/proc/self/status", O_RDONLY | O_CLOEXEC)
            guard descriptor >= 0 else { return 0 }
            defer { close(descriptor) }
            var buffer = [UInt8](repeating: 0, count: 4096)
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            guard count > 0 else { return 0 }
            let text = String(decoding: buffer[..<count], as: UTF8.self)
            guard let line = text.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
                let kilobytes = line.split(separator: " ").dropFirst().first.flatMap({ Int($0) })
            else { return 0 }
            return kilobytes * 1024
        #else
            var usage = rusage()
            guard getrusage(RUSAGE_SELF, &usage) == 0 else { return 0 }
            return Int(usage.ru_maxrss)
        #endif
    }
}

/// Environment variables, without Foundation.
enum Environment {
    /// The value of `name`, if set.
    static func value(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }
}

/// The chunks of an input, reporting each one's size to `onChunk` as it is read.
///
/// ```swift
/// try await tokenizer.parse(CountedChunks(base: chunks) { note.check(bytesRead: $0, matchCount: 0) })
/// ```
struct CountedChunks<Base: AsyncSequence>: AsyncSequence where Base.Element: Sequence<UInt8> {
    typealias Element = Base.Element

    let base: Base
    let onChunk: (Int) -> Void

    func makeAsyncIterator() -> Iterator {
        Iterator(base: base.makeAsyncIterator(), onChunk: onChunk)
    }

    /// Reads the next chunk, then reports its size.
    struct Iterator: AsyncIteratorProtocol {
        var base: Base.AsyncIterator
        let onChunk: (Int) -> Void

        mutating func next() async throws -> Base.Element? {
            let chunk = try await base.next()
            if let chunk { onChunk(chunk.underestimatedCount) }
            return chunk
        }
    }
}
