import Sift

/// Check 3: a query over the bytes and the same query over an `AsyncSequence` of chunks give the
/// same matches (value, normalized path, location) and the same error, for three paths the
/// input chooses, in the result order it chooses; and the same paths as match views, written
/// compact, write what their values write.
enum PathsCheck {
    /// Wildcards, slices, negative indices, descendants, unions, and names the seeds use.
    static let paths: [TypedJSONPath<JSONValue>] = [
        "$", "$[*]", "$.*.*", "$..*", "$.a", "$..a", "$['a','b']", "$.a[*].b", "$[0]", "$[-1]", "$[0,-1,1]",
        "$[1:3]", "$[::-1]", "$[-2:]", "$[::2]", "$[5:1:-2]", "$..[0]", "$..[-1]", "$..b[1:]", "$.items[*].id",
        "$..id", "$.body[*].text.title", "$..*[*]", "$[*]..a",
    ].map(FuzzOutcome.path)

    static func run(_ input: FuzzInput) throws(FuzzDivergence) {
        let count = UInt64(paths.count)
        let chosen = (0..<3).map { Int(input.selector / [1, count, count * count][$0] % count) }
        let order: JSONQuery.ResultOrder = input.selector & 0x80 != 0 ? .streaming : .rfc9535
        let whole = FuzzOutcome.lines(of: input, inPieces: false) { makeQuery(input, chosen, order, into: $0) }
        let pieces = FuzzOutcome.lines(of: input, inPieces: true) { makeQuery(input, chosen, order, into: $0) }
        let described = chosen.map { paths[$0].path.description }.joined(separator: ", ")
        try FuzzDivergence.expectEqual(
            whole, pieces,
            "paths: bytes vs chunks (\(described), \(order), split \(input.splitByte), \(input.options))")
        // The same paths as views, each match written compact by `write(to:)` (a container the
        // tokenizer passed and kept as its text is copied, rewritten where the writer writes
        // otherwise), against writing the values the typed destinations deliver.
        var writing = JSONWriterOptions.compact
        writing.escapesSlashes = input.selector & 0x100 != 0
        let options = writing
        let valued = FuzzOutcome.lines(of: input, inPieces: true) {
            makeWritingQuery(input, chosen, order, views: false, writing: options, into: $0)
        }
        let viewed = FuzzOutcome.lines(of: input, inPieces: true) {
            makeWritingQuery(input, chosen, order, views: true, writing: options, into: $0)
        }
        try FuzzDivergence.expectEqual(
            valued, viewed,
            "paths: values vs views written (\(described), \(order), slashes escaped: \(options.escapesSlashes), "
                + "split \(input.splitByte), \(input.options))")
    }

    /// A query whose matches are written compact, each on its own line: from views
    /// (`write(to:)`) or from the typed destinations' values.
    static func makeWritingQuery(
        _ input: FuzzInput, _ chosen: [Int], _ order: JSONQuery.ResultOrder, views: Bool, writing: JSONWriterOptions,
        into lines: FuzzOutcome.Lines
    ) -> JSONQuery {
        var query = JSONQuery(options: input.options)
        query.resultOrder = order
        for (slot, index) in chosen.enumerated() {
            if views {
                query.add(paths[index].path) { match in
                    let writer = JSONWriter(options: writing)
                    try match.write(to: writer)
                    lines.append("\(slot) \(writer.sink.string)")
                }
            } else {
                query.add(paths[index]) { match in
                    let writer = JSONWriter(options: writing)
                    try writer.write(match.value)
                    lines.append("\(slot) \(writer.sink.string)")
                }
            }
        }
        return query
    }

    static func makeQuery(
        _ input: FuzzInput, _ chosen: [Int], _ order: JSONQuery.ResultOrder, into lines: FuzzOutcome.Lines
    )
        -> JSONQuery
    {
        var query = JSONQuery(options: input.options)
        query.resultOrder = order
        for (slot, index) in chosen.enumerated() {
            query.add(paths[index]) { match in
                lines.append("\(slot) \(match.path) \(match.location) \(match.value)")
            }
        }
        return query
    }
}
