import Sift

/// Check 2: a query that skips everything (`$.zzz`) accepts and rejects exactly what `$` does,
/// with the same error, whole and in pieces, at every level of the skipping scan; a path that
/// names members finds the same matches and error whether the tokenizer passes the members it
/// does not name or not; and with the default options the verdict is plain yajl's but for the
/// documented deviations (``YajlDeviation``).
enum SkippingCheck {
    static let skipAll = JSONPath.root.goTo("zzz").value
    static let takeAll = JSONPath.root.value

    static func run(_ input: FuzzInput) throws(FuzzDivergence) {
        let taking = outcome(takeAll, input)
        let chunks = input.chunks
        let options = input.options
        var skipping = taking
        // Every level of the scan this processor runs (portable, SSE2, AVX2), whole and in pieces.
        for level in SkipScanLevel.available {
            skipping = SkipScanLevel.$forced.withValue(level) { outcome(skipAll, input) }
            try FuzzDivergence.expectEqual(
                [skipping.text], [taking.text], "skipping: $.zzz vs $ (\(input.options), scan level \(level))")
            let inPieces = FuzzOutcome.wait { () async -> String in
                await SkipScanLevel.$forced.withValue(level) {
                    var query = JSONQuery(options: options)
                    query.add(skipAll)
                    do {
                        try await query.run(chunks: chunks)
                        return "accepted"
                    } catch {
                        return FuzzOutcome.text(error)
                    }
                }
            }
            try FuzzDivergence.expectEqual(
                [skipping.text], [inPieces],
                "skipping: $.zzz whole vs in pieces (split \(input.splitByte), \(options), scan level \(level))")
        }
        try passedMembers(input)
        guard options == JSONParserOptions() else { return }
        let yajl = PlainYajl.accepts(input.document)
        if yajl != (skipping.error == nil),
            YajlDeviation.explaining(input.document, siftError: skipping.error, options: options) == nil
        {
            throw FuzzDivergence(
                "skipping: Sift vs plain yajl",
                details: "yajl \(yajl ? "accepts" : "rejects"), Sift: \(skipping.text); no documented deviation applies"
            )
        }
    }

    /// Paths that pick members by name, at the top and deeper, so that the tokenizer passes the
    /// other members (``MemberPassing``), or reads objects along chains of names.
    static let namingPaths: [TypedJSONPath<JSONValue>] = [
        "$.a", "$[*].a", "$.a.b", "$.a[*].b", "$[*][*].a", "$[?@.a==1].b", "$.items[*].id", "$[0].a.a", "$..a",
        "$..a.b", "$[*]..b", "$..['a','b']",
        // Chains of names, which the tokenizer may read whole (``JSONEventContext/takeOnlyMembers(alongChain:)``).
        "$[*].a.b", "$.a.b.a", "$[*].a['a','b']", "$[*][*].a.a.b",
    ].map(FuzzOutcome.path)

    /// A path the input chooses matches the same values, with the same paths and locations, and
    /// fails with the same error, whether the tokenizer passes the members it names not or
    /// delivers every one: whole and in pieces.
    static func passedMembers(_ input: FuzzInput) throws(FuzzDivergence) {
        let path = namingPaths[Int(input.selector % UInt64(namingPaths.count))]
        let options = input.options
        func matches(inPieces: Bool) -> [String] {
            FuzzOutcome.lines(of: input, inPieces: inPieces) { lines in
                var query = JSONQuery(options: options)
                query.add(path) { lines.append("\($0.path) \($0.location) \($0.value)") }
                return query
            }
        }
        let delivering = MemberPassing.$isEnabled.withValue(false) { matches(inPieces: false) }
        try FuzzDivergence.expectEqual(
            matches(inPieces: false), delivering, "members passed vs delivered: \(path.path) (\(options))")
        try FuzzDivergence.expectEqual(
            matches(inPieces: true), delivering,
            "members passed in pieces vs delivered: \(path.path) (split \(input.splitByte), \(options))")
    }

    static func outcome(_ path: TypedJSONPath<JSONValue>, _ input: FuzzInput) -> (text: String, error: JSONParseError?)
    {
        var query = JSONQuery(options: input.options)
        query.add(path)
        do {
            try query.run(.bytes(input.document))
            return ("accepted", nil)
        } catch {
            return (FuzzOutcome.text(error), error as? JSONParseError)
        }
    }
}
