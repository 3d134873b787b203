import Foundation
import Testing

@testable import Sift

/// Shared helpers of the tokenizer, conformance and input tests.
enum TokenizerTestSupport {
    /// The package root (two levels above this file).
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// A folder of the third-party test vectors kept in the repository (`Fixtures/`, see its
    /// README.md), from the test bundle's resources.
    ///
    /// ```swift
    /// let cts = TokenizerTestSupport.fixture("jsonpath-cts/cts.json")
    /// ```
    static func fixture(_ relativePath: String) -> URL {
        let fixtures =
            Bundle.module.url(forResource: "Fixtures", withExtension: nil)
            ?? packageRoot.appendingPathComponent("Tests/SiftTests/Fixtures")
        return fixtures.appendingPathComponent(relativePath)
    }

    /// JSONTestSuite's parsing cases (`Fixtures/JSONTestSuite`).
    static let conformanceDirectory = fixture("JSONTestSuite")

    /// The golden test resources.
    static let resources = packageRoot.appendingPathComponent("Tests/SiftTests/Resources")

    /// Runs CPU-heavy work on a thread of its own and waits for it, so that long sweeps do not
    /// hold the threads of Swift's cooperative pool that other suites' asynchronous tests (HTTP
    /// servers and clients) need.
    ///
    /// `work` must not record issues: return what to check.
    static func offPool<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T {
        await withCheckedContinuation { continuation in
            Thread { continuation.resume(returning: work()) }.start()
        }
    }

    /// How an input is cut into chunks.
    enum Split: CustomStringConvertible, Sendable {
        case whole
        case size(Int)
        case random(seed: UInt64)
        /// Cut before each of these offsets (ascending; offsets outside the input are ignored).
        case at([Int])

        var description: String {
            switch self {
            case .whole: "whole"
            case .size(let size): "size \(size)"
            case .random(let seed): "random \(seed)"
            case .at(let offsets): "at \(offsets)"
            }
        }

        /// Chunk sizes 1...31, the whole input, and `randomCount` seeded random splits.
        static func sweep(randomCount: Int = 4) -> [Split] {
            [.whole] + (1...31).map { .size($0) } + (1...UInt64(randomCount)).map { .random(seed: $0) }
        }

        func ranges(count: Int) -> [Range<Int>] {
            switch self {
            case .whole:
                return [0..<count]
            case .size(let size):
                return stride(from: 0, to: count, by: size).map { $0..<min($0 + size, count) }
            case .random(let seed):
                var generator = SplitMix64(seed: seed)
                var result: [Range<Int>] = []
                var start = 0
                while start < count {
                    // Mostly small pieces, sometimes large ones.
                    let limit = generator.next() % 4 == 0 ? 4096 : 64
                    let length = Int(generator.next() % UInt64(limit)) + 1
                    result.append(start..<min(start + length, count))
                    start += length
                }
                return result
            case .at(let offsets):
                var result: [Range<Int>] = []
                var start = 0
                for end in offsets + [count] where end > start && end <= count {
                    result.append(start..<end)
                    start = end
                }
                return result
            }
        }
    }

    /// `bytes` as an asynchronous sequence of chunks of `size` bytes (the last may be shorter).
    static func chunks(of bytes: [UInt8], size: Int) -> AsyncStream<[UInt8]> {
        let chunks = stride(from: 0, to: bytes.count, by: size).map { Array(bytes[$0..<min($0 + size, bytes.count)]) }
        return AsyncStream { continuation in
            for chunk in chunks { continuation.yield(chunk) }
            continuation.finish()
        }
    }

    /// A small deterministic random number generator.
    struct SplitMix64: RandomNumberGenerator {
        var state: UInt64
        init(seed: UInt64) { state = seed }
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    /// Records each event as a line: its description, plus offset, location and path when asked.
    struct TraceRecorder: JSONEventHandler {
        var lines: [String] = []
        var withPositions: Bool

        mutating func handle(_ event: JSONEvent, context: JSONEventContext) {
            if withPositions {
                lines.append(
                    "\(event) @\(context.offset) \(context.location) \(context.path) depth \(context.depth) value \(context.valueIndex)"
                )
            } else {
                lines.append(event.description)
            }
        }
    }

    /// Folds every event (kind, bytes and start offset) into a 64-bit FNV-1a digest, for large
    /// inputs.
    ///
    /// Bytes are folded eight at a time to keep debug builds fast.
    struct DigestRecorder: JSONEventHandler {
        var digest: UInt64 = 0xCBF2_9CE4_8422_2325
        var events = 0

        static func fold(_ digest: UInt64, _ word: UInt64) -> UInt64 {
            (digest ^ word) &* 0x0000_0100_0000_01B3
        }

        static func fold(_ digest: UInt64, _ bytes: JSONBytes) -> UInt64 {
            bytes.withUnsafeBytes { buffer in
                var digest = fold(digest, UInt64(buffer.count))
                var index = 0
                while index + 8 <= buffer.count {
                    digest =
                        (digest ^ buffer.loadUnaligned(fromByteOffset: index, as: UInt64.self)) &* 0x0000_0100_0000_01B3
                    index += 8
                }
                var tail: UInt64 = 0
                while index < buffer.count {
                    tail = tail << 8 | UInt64(buffer[index])
                    index += 1
                }
                return fold(digest, tail)
            }
        }

        mutating func handle(_ event: JSONEvent, context: JSONEventContext) {
            events += 1
            var digest = self.digest
            switch event {
            case .startObject: digest = Self.fold(digest, 1)
            case .endObject: digest = Self.fold(digest, 2)
            case .startArray: digest = Self.fold(digest, 3)
            case .endArray: digest = Self.fold(digest, 4)
            case .key(let bytes): digest = Self.fold(Self.fold(digest, 5), bytes)
            case .string(let bytes): digest = Self.fold(Self.fold(digest, 6), bytes)
            case .number(let bytes): digest = Self.fold(Self.fold(digest, 7), bytes)
            case .bool(let value): digest = Self.fold(digest, value ? 8 : 9)
            case .null: digest = Self.fold(digest, 10)
            }
            self.digest = Self.fold(digest, UInt64(context.offset))
        }
    }

    /// Feeds `bytes` cut by `split` to `tokenizer`, going on after an error as a caller reading
    /// its whole input would (later feeds only complete the error's source line), then finishes.
    ///
    /// Returns the final error, if any.
    static func run<Handler>(_ tokenizer: JSONTokenizer<Handler>, _ bytes: [UInt8], split: Split) -> JSONParseError? {
        var failure: JSONParseError?
        bytes.withUnsafeBufferPointer { buffer in
            for range in split.ranges(count: buffer.count) {
                do throws(JSONParseError) {
                    try tokenizer.feed(raw: UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: buffer[range])))
                } catch {
                    failure = error
                    // Like `parse(_:)`, read on only while the error's source line is unfinished.
                    if !tokenizer.engine.failureNeedsMoreInput { break }
                }
                if tokenizer.isStopped { break }
            }
        }
        do throws(JSONParseError) {
            try tokenizer.finish()
        } catch {
            failure = error
        }
        return failure
    }

    /// The trace of an input (one line per event, then `error: DESCRIPTION` if it fails).
    static func trace(
        _ bytes: [UInt8], options: JSONParserOptions = JSONParserOptions(), split: Split = .whole,
        withPositions: Bool = false
    ) -> [String] {
        let tokenizer = JSONTokenizer(options: options, handler: TraceRecorder(withPositions: withPositions))
        let error = run(tokenizer, bytes, split: split)
        return tokenizer.handler.lines + (error.map { ["error: \($0)"] } ?? [])
    }

    /// The error of an input, fed whole.
    static func error(_ text: String, options: JSONParserOptions = JSONParserOptions()) -> JSONParseError? {
        let tokenizer = JSONTokenizer(options: options, handler: IgnoringHandler())
        return run(tokenizer, Array(text.utf8), split: .whole)
    }
}

extension JSONTokenizer {
    /// Feeds `bytes` cut by `split`, then finishes the document.
    ///
    /// Unlike ``TokenizerTestSupport/run(_:_:split:)``, the first error is thrown.
    ///
    /// ```swift
    /// try tokenizer.feedAll(bytes, split: .at([5, 9]))
    /// ```
    func feedAll(_ bytes: [UInt8], split: TokenizerTestSupport.Split) throws(JSONParseError) {
        for range in split.ranges(count: bytes.count) where !range.isEmpty {
            try feed(bytes[range])
        }
        try finish()
    }

    /// Feeds `bytes` in pieces of `size` bytes (all at once when `size` is 0 or larger than the
    /// input), then finishes the document.
    ///
    /// ```swift
    /// try tokenizer.feedAll(bytes, inPiecesOf: 3)
    /// ```
    func feedAll(_ bytes: [UInt8], inPiecesOf size: Int) throws(JSONParseError) {
        try feedAll(bytes, split: size <= 0 || size >= bytes.count ? .whole : .size(size))
    }
}
