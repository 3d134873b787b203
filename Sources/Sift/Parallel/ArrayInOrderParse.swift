/// The whole document with one handler, in order, for ``JSONArrayOutputs`` when its path does
/// not split: the handler's output after each piece read, and at the end, or before the error,
/// which is placed as ``JSONTokenizer/parse(_:)`` places it.
///
/// ```swift
/// let parse = ArrayInOrderParse(.file("feed.json"), options: options, handler: handler)
/// while true {
///     let (output, done) = parse.next()
///     consume(output)
///     if done != nil { break }
/// }
/// ```
final class ArrayInOrderParse<Handler: JSONLineHandler> {
    private let input: JSONInput
    private let reader: ArrayInputReader
    private let tokenizer: JSONTokenizer<Handler>
    private var piece: [UInt8] = []

    init(_ input: JSONInput, options: JSONParserOptions, handler: Handler) {
        self.input = input
        reader = ArrayInputReader(input, from: 0)
        tokenizer = JSONTokenizer(options: options, handler: handler)
    }

    /// Parses the next piece of the input: what the handler produced, and, once the document
    /// ended, how.
    func next() -> (Handler.Output, Result<Void, any Error>?) {
        var done: Result<Void, any Error>?
        do throws(JSONParseError) {
            piece.removeAll(keepingCapacity: true)
            if try reader.read(upTo: ArrayElementCutter.readSize, appendingTo: &piece) {
                try tokenizer.feed(piece)
                if tokenizer.isStopped { done = .success(()) }
            } else {
                try tokenizer.finish()
                done = .success(())
            }
        } catch {
            done = .failure(completingSourceLine(of: error))
        }
        if done != nil { reader.close() }
        tokenizer.handler.commitValue()
        return (tokenizer.handler.takeCommitted(), done)
    }

    /// `error` with its whole source line (read on as far as it needs), explained as
    /// ``JSONTokenizer/parse(_:)`` explains it.
    private func completingSourceLine(of error: JSONParseError) -> JSONParseError {
        var error = error
        guard error.kind != .inputError else { return error }
        var ended = false
        while tokenizer.engine.failureNeedsMoreInput && !ended {
            do throws(JSONParseError) {
                piece.removeAll(keepingCapacity: true)
                if try reader.read(upTo: ArrayElementCutter.readSize, appendingTo: &piece) {
                    try tokenizer.feed(piece)
                } else {
                    ended = true
                    try tokenizer.finish()
                }
            } catch let completed {
                // A failure to read leaves the excerpt as far as it was read.
                guard completed.kind != .inputError else { break }
                error = completed
            }
        }
        return input.explaining(error)
    }
}
