import Sift

/// Check 6: a path over one document whose array's elements ``JSONArrayOutputs`` cuts into
/// blocks and matches on several threads finds what one ``JSONQuery`` over the same bytes finds
/// (the values, their paths and their places in the document, in order) and fails with the same error (every
/// field: ``FuzzOutcome/text(_:)``), at every level of the scan the processor runs (the array's
/// element boundaries are found with the engine's classifier: portable, SSE2, AVX2).
///
/// The input chooses the path (most split, a few do not), the block size (1 to 64 bytes, so that
/// even small documents are cut into many blocks) and the blocks parsed at once (2 to 4).
enum SplittingCheck {
    /// Paths that split at the top, below a member and below an index, with a rest that names
    /// members, descends, takes every element or filters; and two that do not split, run in
    /// order by the same sequence.
    static let paths: [TypedJSONPath<JSONValue>] = [
        "$[*]", "$[*].a", "$[*]..a", "$[*][*]", "$.a[*]", "$.a[*].b", "$[*][?@.a==1]", "$.a[1].b[*]", "$[0][*]",
        "$[*][-1]", "$[*]..*", "$.a.b[*].c", "$..a", "$[?@.a==1]",
    ].map(FuzzOutcome.path)

    static func run(_ input: FuzzInput) throws(FuzzDivergence) {
        let count = UInt64(paths.count)
        let path = paths[Int(input.selector % count)].path
        let parallelism = Int(input.selector / count % 3) + 2
        let blockSize = Int(input.splitByte % 64) + 1
        // JSONArrayOutputs reads one document (a stream of several is not split).
        var oneDocument = input.options
        oneDocument.allowsMultipleValues = false
        let options = oneDocument
        let document = input.document
        for level in SkipScanLevel.available {
            let expected = SkipScanLevel.$forced.withValue(level) { sequential(path, document, options) }
            let found = FuzzOutcome.wait { () async -> [String] in
                await SkipScanLevel.$forced.withValue(level) {
                    await split(path, document, options, parallelism: parallelism, blockSize: blockSize)
                }
            }
            try FuzzDivergence.expectEqual(
                expected, found,
                "splitting: one query vs the array split (\(path), blocks of \(blockSize), \(parallelism) at once, "
                    + "\(options), scan level \(level))")
        }
    }

    /// The matches of one query over the bytes, then its verdict.
    static func sequential(_ path: JSONPath, _ document: [UInt8], _ options: JSONParserOptions) -> [String] {
        var lines: [String] = []
        var query = JSONQuery(options: options)
        query.add(path, places: [.path, .location]) { match in
            lines.append(line(match.path ?? .root, match.location, match.value))
        }
        do {
            try query.run(.bytes(document))
            lines.append("accepted")
        } catch {
            lines.append(FuzzOutcome.text(error))
        }
        return lines
    }

    /// The matches the blocks of ``JSONArrayOutputs`` hand out, in order, then its verdict.
    static func split(
        _ path: JSONPath, _ document: [UInt8], _ options: JSONParserOptions, parallelism: Int, blockSize: Int
    ) async -> [String] {
        let outputs = JSONArrayOutputs(
            .bytes(document), path: path, options: options, parallelism: parallelism, blockSize: blockSize
        ) { block in
            MatchCollector(path: block.path, places: [.path, .location], options: options) { match in
                line(block.documentPath(of: match.path ?? .root), match.location.map(block.location(of:)), match.value)
            }
        }
        var lines: [String] = []
        do {
            for try await batch in outputs { lines += batch }
            lines.append("accepted")
        } catch {
            lines.append(FuzzOutcome.text(error))
        }
        return lines
    }

    static func line(_ path: JSONNodePath, _ location: SourceLocation?, _ value: JSONValue) -> String {
        let place = location.map { "\($0.offset)@\($0)" } ?? "nowhere"
        return "\(path.normalized) \(place) \(value)"
    }
}
