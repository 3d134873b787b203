/// How the parse of one block on its own ended, and the outputs of its committed values (one,
/// or, when invalid lines are set aside, one per run of lines between them).
enum LineBlockOutcome<Output: Sendable>: Sendable {
    /// Every value of the block parsed.
    case complete([Output])
    /// The handler stopped the parse (``JSONEventContext/stopParsing()``): nothing after it counts.
    case stopped([Output])
    /// The block failed: the outputs of the lines before the failure, and the failure, placed in
    /// the whole input.
    case failed([Output], JSONParseError)
    /// The block ends inside a value that goes on in the next block: the block must be parsed
    /// again together with what follows.
    case unfinished

    /// Parses `block` on its own with the handler `makeHandler` makes for it.
    static func parse<Handler: JSONLineHandler>(
        _ block: JSONLineBlock, options: JSONParserOptions, makeHandler: (JSONLineBlock) -> Handler
    ) -> LineBlockOutcome<Handler.Output> where Handler.Output == Output {
        let handler = CommittingHandler(makeHandler(block), bytes: block.bytes, offset: block.isPrefixed ? -1 : 0)
        let tokenizer = JSONTokenizer(options: options, handler: handler)
        var finishing = false
        do throws(JSONParseError) {
            if block.isPrefixed { try tokenizer.feed(JSONLineBlock.prefix) }
            try tokenizer.feed(block.bytes)
            if !tokenizer.isStopped {
                finishing = true
                try tokenizer.finish()
            }
        } catch {
            if finishing && error.kind == .incompleteInput { return .unfinished }
            tokenizer.handler.commit(before: error.location)
            return .failed([tokenizer.handler.base.takeCommitted()], block.placing(error))
        }
        tokenizer.handler.commit()
        let output = tokenizer.handler.base.takeCommitted()
        return tokenizer.isStopped ? .stopped([output]) : .complete([output])
    }

    /// Parses `block` line by line, setting aside each line that does not parse on its own (a
    /// value that goes on past the end of its line is invalid there) and going on at the next
    /// line with a new handler, which is told of the line set aside.
    static func parseSkippingInvalidLines<Handler: JSONLineHandler>(
        _ block: JSONLineBlock, options: JSONParserOptions, makeHandler: (JSONLineBlock) -> Handler
    ) -> LineBlockOutcome<Handler.Output> where Handler.Output == Output {
        let bytes = block.bytes
        var outputs: [Output] = []
        var segment = block
        var segmentStart = 0
        var tokenizer = JSONTokenizer(
            options: options,
            handler: CommittingHandler(makeHandler(block), bytes: bytes, offset: block.isPrefixed ? -1 : 0))
        var lineStart = 0
        while true {
            let lineEnd = bytes[lineStart...].firstIndex(of: 0x0A).map { $0 + 1 } ?? bytes.count
            let isLast = lineEnd == bytes.count
            var failure: JSONParseError?
            do throws(JSONParseError) {
                if lineStart == segmentStart && segment.isPrefixed { try tokenizer.feed(JSONLineBlock.prefix) }
                try tokenizer.feed(bytes[lineStart..<lineEnd])
                if tokenizer.isStopped {
                    tokenizer.handler.commit()
                    return .stopped(outputs + [tokenizer.handler.base.takeCommitted()])
                }
                if tokenizer.handler.depth > 0 {
                    failure = unfinishedLineError(block, lineStart..<lineEnd, options: options)
                } else if isLast {
                    try tokenizer.finish()
                }
            } catch {
                failure = segment.placing(error)
            }
            guard let failure else {
                tokenizer.handler.commit()
                if isLast { return .complete(outputs + [tokenizer.handler.base.takeCommitted()]) }
                lineStart = lineEnd
                continue
            }
            outputs.append(tokenizer.handler.base.takeCommitted())
            let line = segment.line + LineBreaks.count(in: Array(bytes[segmentStart..<lineStart]))
            var text = bytes[lineStart..<lineEnd]
            if text.last == 0x0A { text.removeLast() }
            if text.last == 0x0D { text.removeLast() }
            let invalid = JSONInvalidLine(
                line: line, offset: block.offset + lineStart, text: Array(text), error: failure)
            segment = JSONLineBlock(
                index: block.index, offset: block.offset + lineEnd,
                line: line + LineBreaks.count(in: Array(bytes[lineStart..<lineEnd])), bytes: bytes,
                bytesStart: lineEnd)
            var handler = makeHandler(segment)
            handler.setAside(invalid)
            if isLast { return .complete(outputs + [handler.takeCommitted()]) }
            segmentStart = lineEnd
            // The segment is parsed after a line feed of its own: it starts past the block's start.
            tokenizer = JSONTokenizer(
                options: options, handler: CommittingHandler(handler, bytes: bytes, offset: lineEnd - 1))
            lineStart = lineEnd
        }
    }

    /// The error of a line whose value goes on past its end, as a tokenizer reading only the
    /// line (without its line break) reports it at its end.
    private static func unfinishedLineError(
        _ block: JSONLineBlock, _ range: Range<Int>, options: JSONParserOptions
    ) -> JSONParseError? {
        var text = block.bytes[range]
        if text.last == 0x0A { text.removeLast() }
        if text.last == 0x0D { text.removeLast() }
        let line = block.line + LineBreaks.count(in: Array(block.bytes[..<range.lowerBound]))
        let alone = JSONLineBlock(index: block.index, offset: block.offset + range.lowerBound, line: line, bytes: [])
        let tokenizer = JSONTokenizer(options: options, handler: IgnoringHandler())
        do throws(JSONParseError) {
            if alone.isPrefixed { try tokenizer.feed(JSONLineBlock.prefix) }
            try tokenizer.feed(text)
            try tokenizer.finish()
        } catch {
            return alone.placing(error)
        }
        return nil
    }
}
