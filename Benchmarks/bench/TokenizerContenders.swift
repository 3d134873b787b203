internal import CYajl
import Foundation
import Sift

/// The two tokenizer contenders: yajl with empty C callbacks (the floor) and the Sift tokenizer
/// delivering Swift events to a consumer that only counts them.
///
/// Both read in-memory input in one call and streamed input chunk by chunk.
enum TokenizerContenders {
    /// yajl itself, called directly with the empty callbacks of CYajl's shim.h.
    static let floor = Contender(name: "yajl floor", role: .floor) { input in
        let multipleValues = input.dataset.format == .ndjson
        switch input.access {
        case .inMemory:
            let data = input.data
            return PreparedRun(run: { _ in
                let parser = NoopYajlParser(multipleValues: multipleValues)
                try data.withUnsafeBytes { try parser.parse($0) }
                try parser.finish()
                return RunResult(bytes: data.count, checksum: UInt64(parser.bytesParsed))
            })
        case .streamed(let chunkSize):
            let dataset = input.dataset
            return PreparedRun(run: { stopwatch in
                let parser = NoopYajlParser(multipleValues: multipleValues)
                var chunks = try stopwatch.excluding { try dataset.chunks(of: chunkSize).makeIterator() }
                while let chunk = stopwatch.excluding({ chunks.next() }) {
                    try chunk.withUnsafeBytes { try parser.parse($0) }
                }
                try parser.finish()
                return RunResult(bytes: parser.bytesParsed, checksum: UInt64(parser.bytesParsed))
            })
        case .file:
            throw BenchError("the in-process floor reads memory or chunks; a file's floor is a child process")
        }
    }

    /// `JSONTokenizer` with an ``EventCounter``: the cost of delivering every event to Swift.
    static let siftEvents = Contender(name: "sift events", role: .sift, checksumKind: TreeTally.kind) { input in
        let options = JSONParserOptions(allowsMultipleValues: input.dataset.format == .ndjson)
        switch input.access {
        case .inMemory:
            let data = input.data
            return PreparedRun(
                run: { _ in
                    let tokenizer = JSONTokenizer(options: options, handler: EventCounter())
                    try data.withUnsafeBytes { try tokenizer.feed($0.assumingMemoryBound(to: UInt8.self)) }
                    try tokenizer.finish()
                    return RunResult(bytes: data.count, checksum: UInt64(tokenizer.handler.events))
                },
                verify: {
                    let tokenizer = JSONTokenizer(options: options, handler: TallyHandler())
                    try data.withUnsafeBytes { try tokenizer.feed($0.assumingMemoryBound(to: UInt8.self)) }
                    try tokenizer.finish()
                    return tokenizer.handler.tally.checksum
                })
        case .streamed(let chunkSize):
            let dataset = input.dataset
            return PreparedRun(run: { stopwatch in
                let tokenizer = JSONTokenizer(options: options, handler: EventCounter())
                var chunks = try stopwatch.excluding { try dataset.chunks(of: chunkSize).makeIterator() }
                while let chunk = stopwatch.excluding({ chunks.next() }) {
                    try tokenizer.feed(chunk)
                }
                try tokenizer.finish()
                return RunResult(bytes: tokenizer.bytesConsumed, checksum: UInt64(tokenizer.handler.events))
            })
        case .file:
            throw BenchError("sift events reads memory or chunks, not a file")
        }
    }
}

/// The cheapest consumer that still sees every event: it counts them, and the count is the run's
/// checksum, so nothing can be optimised away.
struct EventCounter: JSONEventHandler {
    var events = 0

    mutating func handle(_ event: JSONEvent, context: JSONEventContext) {
        events &+= 1
    }
}

/// Tallies events and key/string bytes for verification against Foundation's tree.
struct TallyHandler: JSONEventHandler {
    var tally = TreeTally()

    mutating func handle(_ event: JSONEvent, context: JSONEventContext) {
        tally.events += 1
        switch event {
        case .key(let bytes), .string(let bytes): tally.textBytes += bytes.count
        default: break
        }
    }
}

/// What every full parse agrees on: the number of events (a container counts two, a member's
/// key one, a scalar one) and the number of unescaped UTF-8 bytes in keys and strings.
struct TreeTally {
    /// The checksum kind of contenders that compute a ``TreeTally``.
    static let kind = "events+text"

    var events = 0
    var textBytes = 0

    var checksum: UInt64 {
        UInt64(events) << 36 ^ UInt64(textBytes)
    }
}

/// yajl with CYajl's empty callbacks, straight from Swift: nothing is done per token.
final class NoopYajlParser {
    private let handle: yajl_handle
    private(set) var bytesParsed = 0

    init(multipleValues: Bool) {
        handle = yajl_alloc(sift_noop_callbacks(), nil, nil)
        if multipleValues { sift_yajl_config_flag(handle, yajl_allow_multiple_values, 1) }
    }

    deinit {
        yajl_free(handle)
    }

    func parse(_ bytes: UnsafeRawBufferPointer) throws {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return }
        let status = yajl_parse(handle, base.assumingMemoryBound(to: UInt8.self), bytes.count)
        bytesParsed += bytes.count
        if status != yajl_status_ok { throw error() }
    }

    func finish() throws {
        if yajl_complete_parse(handle) != yajl_status_ok { throw error() }
    }

    private func error() -> BenchError {
        guard let text = yajl_get_error(handle, 0, nil, 0) else { return BenchError("yajl: parse error") }
        defer { yajl_free_error(handle, text) }
        let message = String(cString: text).trimmingCharacters(in: .whitespacesAndNewlines)
        return BenchError("yajl: \(message) (after \(bytesParsed) bytes)")
    }
}
