import Foundation

/// Foundation doing the same work: `JSONSerialization.jsonObject` building the whole tree, and
/// `JSONDecoder` decoding into the dataset's model.
///
/// Times include releasing what was built. NDJSON is read line by line, as a Foundation user would have
/// to.
enum FoundationContenders {
    /// `JSONSerialization.jsonObject(with:)` on the same bytes.
    ///
    /// Its verification walks the tree.
    static let jsonSerialization = Contender(
        name: "JSONSerialization", role: .foundation, checksumKind: TreeTally.kind
    ) { input in
        guard input.access == .inMemory else { throw BenchError("JSONSerialization needs the whole input") }
        let data = input.data
        let ndjson = input.dataset.format == .ndjson
        return PreparedRun(
            run: { _ in
                var values = 0
                try forEachDocument(in: data, ndjson: ndjson) { document in
                    let object = try JSONSerialization.jsonObject(with: document, options: .fragmentsAllowed)
                    values += (object as? [String: Any])?.count ?? (object as? [Any])?.count ?? 1
                }
                return RunResult(bytes: data.count, checksum: UInt64(values))
            },
            verify: {
                var tally = TreeTally()
                try forEachDocument(in: data, ndjson: ndjson) { document in
                    tallyTree(
                        try JSONSerialization.jsonObject(with: document, options: .fragmentsAllowed), into: &tally)
                }
                return tally.checksum
            })
    }

    /// `JSONDecoder().decode` into the typed model the dataset fits.
    static func jsonDecoder(_ model: DecodableModel) -> Contender {
        Contender(name: "JSONDecoder", role: .foundation) { input in
            guard input.access == .inMemory else { throw BenchError("JSONDecoder needs the whole input") }
            let data = input.data
            let ndjson = input.dataset.format == .ndjson
            return PreparedRun(run: { _ in
                let decoder = JSONDecoder()
                var count = 0
                try forEachDocument(in: data, ndjson: ndjson) { document in
                    count += try model.decodeCount(document, with: decoder)
                }
                return RunResult(bytes: data.count, checksum: UInt64(count))
            })
        }
    }

    /// Calls `body` with the whole data, or with each non-blank line of NDJSON (no copies).
    static func forEachDocument(in data: Data, ndjson: Bool, _ body: (Data) throws -> Void) throws {
        guard ndjson else { return try body(data) }
        try data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) in
            guard let base = raw.baseAddress else { return }
            var start = 0
            while start < raw.count {
                let newline = memchr(base + start, 0x0A, raw.count - start)
                let end = newline.map { UnsafeRawPointer($0) - base } ?? raw.count
                if raw[start..<end].contains(where: { $0 != 0x20 && $0 != 0x09 && $0 != 0x0D }) {
                    let line = Data(
                        bytesNoCopy: UnsafeMutableRawPointer(mutating: base + start), count: end - start,
                        deallocator: .none)
                    try body(line)
                }
                start = end + 1
            }
        }
    }

    /// Adds a JSONSerialization tree to a tally, counting events as the tokenizer would.
    static func tallyTree(_ value: Any, into tally: inout TreeTally) {
        switch value {
        case let object as [String: Any]:
            tally.events += 2 + object.count
            for (key, member) in object {
                tally.textBytes += key.utf8.count
                tallyTree(member, into: &tally)
            }
        case let array as [Any]:
            tally.events += 2
            for element in array { tallyTree(element, into: &tally) }
        case let string as String:
            tally.events += 1
            tally.textBytes += string.utf8.count
        default:
            tally.events += 1
        }
    }
}
