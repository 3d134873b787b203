import Sift

/// Applies `--max-depth` and `--allow-comments` to a Hub document on its way to SiftHub, whose
/// parsing entry points take no parser options (yet): a workaround that disappears once
/// `ViewModel(parsing:schema:)` and `HubSchema.forEachComponent(in:_:)` take
/// `JSONParserOptions`.
///
/// With the default options the chunks pass through untouched. Otherwise a second tokenizer
/// with the requested options checks every chunk before SiftHub sees it, so its errors (nesting
/// deeper than `--max-depth`, malformed comments) come first, at the right place; and with
/// `--allow-comments` the bytes of comments are replaced by spaces (line breaks kept), so
/// SiftHub's strict tokenizer accepts the document and reports every position unchanged.
/// SiftHub's own depth limit (512) still applies above that.
///
/// ```swift
/// let gated = HubOptionsGate(base: chunks, options: JSONParserOptions(allowsComments: true))
/// let viewModel = try await ViewModel(parsing: gated)
/// ```
struct HubOptionsGate<Base: AsyncSequence>: AsyncSequence where Base.Element == ArraySlice<UInt8> {
    typealias Element = ArraySlice<UInt8>

    let base: Base
    let options: JSONParserOptions

    func makeAsyncIterator() -> Iterator {
        Iterator(
            base: base.makeAsyncIterator(),
            validator: options == JSONParserOptions() ? nil : JSONTokenizer(options: options, handler: DiscardingHandler()),
            blanker: options.allowsComments ? CommentBlanker() : nil)
    }

    struct Iterator: AsyncIteratorProtocol {
        var base: Base.AsyncIterator
        let validator: JSONTokenizer<DiscardingHandler>?
        var blanker: CommentBlanker?

        mutating func next() async throws -> ArraySlice<UInt8>? {
            guard let chunk = try await base.next() else {
                try validator?.finish()
                return blanker?.finish()
            }
            if let validator {
                do {
                    try validator.feed(chunk)
                } catch {
                    throw try await completingSourceLine(of: error, validator: validator)
                }
            }
            guard var blanker else { return chunk }
            defer { self.blanker = blanker }
            return blanker.blank(chunk)
        }

        /// The validator's error once the rest of its source line has been read (the
        /// tokenizer completes an error's excerpt from the bytes that follow it).
        private mutating func completingSourceLine(
            of error: JSONParseError, validator: JSONTokenizer<DiscardingHandler>
        ) async throws -> JSONParseError {
            var error = error
            while true {
                guard let chunk = try await base.next() else {
                    do { try validator.finish() } catch { return error }
                    return error
                }
                do { try validator.feed(chunk) } catch let later { error = later }
                if chunk.contains(UInt8(ascii: "\n")) || chunk.contains(UInt8(ascii: "\r")) { return error }
            }
        }
    }
}

/// Replaces the bytes of `//` and `/* */` comments with spaces, keeping line breaks, so that
/// every other byte keeps its offset, line and column. Strings are left alone.
///
/// ```swift
/// var blanker = CommentBlanker()
/// blanker.blank(Array("[1, /* two */ 3] // end".utf8)[...]) // "[1,           3]       "
/// ```
struct CommentBlanker {
    private enum State {
        case code, string, stringEscape, slash, lineComment, blockComment, blockCommentStar
    }

    private var state = State.code

    /// The chunk with its comment bytes blanked. A `/` at the end of a chunk is held back until
    /// the next byte tells whether it starts a comment.
    mutating func blank(_ chunk: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        var output: [UInt8] = []
        output.reserveCapacity(chunk.count + 1)
        for byte in chunk {
            switch state {
            case .code:
                code(byte, into: &output)
            case .slash:
                if byte == UInt8(ascii: "/") || byte == UInt8(ascii: "*") {
                    state = byte == UInt8(ascii: "/") ? .lineComment : .blockComment
                    output.append(contentsOf: [0x20, 0x20])
                } else {
                    output.append(UInt8(ascii: "/"))  // not a comment after all
                    state = .code
                    code(byte, into: &output)
                }
            case .string:
                if byte == UInt8(ascii: "\\") {
                    state = .stringEscape
                } else if byte == UInt8(ascii: "\"") {
                    state = .code
                }
                output.append(byte)
            case .stringEscape:
                state = .string
                output.append(byte)
            case .lineComment:
                let isLineBreak = byte == 0x0A || byte == 0x0D
                if isLineBreak { state = .code }
                output.append(isLineBreak ? byte : 0x20)
            case .blockComment, .blockCommentStar:
                if byte == UInt8(ascii: "/"), state == .blockCommentStar {
                    state = .code
                } else {
                    state = byte == UInt8(ascii: "*") ? .blockCommentStar : .blockComment
                }
                output.append(byte == 0x0A || byte == 0x0D ? byte : 0x20)
            }
        }
        return output[...]
    }

    /// A byte outside strings and comments: a `/` is held back, a `"` opens a string.
    private mutating func code(_ byte: UInt8, into output: inout [UInt8]) {
        if byte == UInt8(ascii: "/") {
            state = .slash
            return
        }
        if byte == UInt8(ascii: "\"") { state = .string }
        output.append(byte)
    }

    /// What is still held back at the end of the input: a final `/`, or nothing.
    mutating func finish() -> ArraySlice<UInt8>? {
        guard state == .slash else { return nil }
        state = .code
        return [UInt8(ascii: "/")][...]
    }
}
