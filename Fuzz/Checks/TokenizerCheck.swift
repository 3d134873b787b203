import Sift

/// Check 1: the same bytes whole and in pieces give identical events, each with its offset,
/// location, path, depth and value index, and identical errors.
enum TokenizerCheck {
    struct Recorder: JSONEventHandler {
        var lines: [String] = []

        mutating func handle(_ event: JSONEvent, context: JSONEventContext) {
            // The path up to depth 32 (deeper, the depth stands for it): a path at every event of
            // a deep input costs the square of its depth.
            let shown = context.depth <= 32 ? "\(context.path)" : "(deep)"
            lines.append(
                "\(event) @\(context.offset) \(context.location) \(shown) d\(context.depth) v\(context.valueIndex)")
        }
    }

    static func run(_ input: FuzzInput) throws(FuzzDivergence) {
        let whole = JSONTokenizer(options: input.options, handler: Recorder())
        var wholeError: String?
        do throws(JSONParseError) {
            try whole.parse(.bytes(input.document))
        } catch {
            wholeError = FuzzOutcome.text(error)
        }
        let pieces = JSONTokenizer(options: input.options, handler: Recorder())
        let piecesError = feed(pieces, input)
        try FuzzDivergence.expectEqual(
            whole.handler.lines + [wholeError ?? "accepted"], pieces.handler.lines + [piecesError ?? "accepted"],
            "tokenizer: whole vs pieces (split \(input.splitByte), \(input.options))")
    }

    /// Feeds the pieces as a caller reading its whole input would: after an error, feeding on
    /// completes the error's source line (every call throws the error again).
    static func feed<Handler>(_ tokenizer: JSONTokenizer<Handler>, _ input: FuzzInput) -> String? {
        var failure: String?
        for range in input.pieces {
            do throws(JSONParseError) {
                try tokenizer.feed(input.document[range])
            } catch {
                failure = FuzzOutcome.text(error)
            }
        }
        do throws(JSONParseError) {
            try tokenizer.finish()
        } catch {
            failure = FuzzOutcome.text(error)
        }
        return failure
    }
}
