/// An error found while reading JSON: what went wrong, where, and inside which value.
///
/// Its `description` reads like a compiler diagnostic, with the source line and a caret under
/// the offending byte when that line is still at hand:
///
/// ```swift
/// do {
///     try JSONTokenizer.validate("[1,,2]")
/// } catch let error as JSONParseError {
///     print(error)
/// }
/// // 1:4: error: invalid JSON: unallowed token at this point in JSON text (in $[1])
/// // [1,,2]
/// //    ^
/// ```
public struct JSONParseError: Error, CustomStringConvertible, @unchecked Sendable {
    /// The category of a parse error.
    ///
    /// ```swift
    /// if error.kind == .incompleteInput { /* wait for more data or report truncation */ }
    /// ```
    public struct Kind: Hashable, Sendable, CustomStringConvertible {
        enum Value: Hashable, Sendable {
            case invalidSyntax, incompleteInput, invalidUTF8, depthLimitExceeded, consumerError, inputError
        }
        let value: Value

        /// The input is not JSON: an unexpected character or token.
        public static let invalidSyntax = Kind(value: .invalidSyntax)
        /// The input ended inside a value, string or comment (truncated), or held no value at all.
        public static let incompleteInput = Kind(value: .incompleteInput)
        /// The input holds bytes that are not valid UTF-8 (checked strictly: no overlong forms,
        /// encoded surrogates or code points above U+10FFFF); the location is the first bad byte.
        public static let invalidUTF8 = Kind(value: .invalidUTF8)
        /// Containers are nested deeper than ``JSONParserOptions/maximumDepth``.
        public static let depthLimitExceeded = Kind(value: .depthLimitExceeded)
        /// The code handling the events threw; see ``JSONParseError/underlyingError``.
        public static let consumerError = Kind(value: .consumerError)
        /// Reading the input failed (a file could not be opened or read).
        public static let inputError = Kind(value: .inputError)

        /// A short name for the kind, used at the start of messages.
        ///
        /// ```swift
        /// JSONParseError.Kind.incompleteInput.description // "incomplete JSON"
        /// ```
        public var description: String {
            switch value {
            case .invalidSyntax: "invalid JSON"
            case .incompleteInput: "incomplete JSON"
            case .invalidUTF8: "invalid UTF-8"
            case .depthLimitExceeded: "nesting too deep"
            case .consumerError: "error while handling JSON"
            case .inputError: "cannot read input"
            }
        }
    }

    /// The category of the error.
    ///
    /// ```swift
    /// error.kind == .invalidSyntax
    /// ```
    public let kind: Kind

    /// The message: yajl's own wording for syntax errors, Sift's for the others.
    ///
    /// ```swift
    /// error.message // "unallowed token at this point in JSON text"
    /// ```
    public let message: String

    /// Where the error was found.
    ///
    /// ```swift
    /// error.location.line // 1
    /// ```
    public let location: SourceLocation

    /// The path of the value being read when the error occurred, for example `$.body[3].text`.
    ///
    /// ```swift
    /// error.path.description // "$.body[3].text"
    /// ```
    public let path: JSONNodePath

    /// The text of the line holding ``location``, when the tokenizer still had it (an excerpt of
    /// at most about 100 bytes around the error for very long lines, such as minified documents).
    ///
    /// ```swift
    /// error.sourceLine // "[1,,2]"
    /// ```
    public let sourceLine: String?

    /// The error a consumer threw, for ``Kind/consumerError`` and ``Kind/inputError``.
    ///
    /// ```swift
    /// if let cause = error.underlyingError as? MyError { /* ... */ }
    /// ```
    public let underlyingError: (any Error)?

    /// The 1-based byte column of the caret inside ``sourceLine`` (differs from the location's
    /// column when the line was shortened to an excerpt).
    let excerptColumn: Int

    /// Creates an error; the tokenizer makes these, tests and adapters may too.
    ///
    /// ```swift
    /// JSONParseError(kind: .invalidSyntax, message: "unexpected token",
    ///                location: SourceLocation(offset: 0, line: 1, column: 1))
    /// ```
    public init(
        kind: Kind,
        message: String,
        location: SourceLocation,
        path: JSONNodePath = .root,
        sourceLine: String? = nil,
        underlyingError: (any Error)? = nil
    ) {
        self.init(
            kind: kind, message: message, location: location, path: path, sourceLine: sourceLine,
            excerptColumn: location.column, underlyingError: underlyingError)
    }

    init(
        kind: Kind,
        message: String,
        location: SourceLocation,
        path: JSONNodePath,
        sourceLine: String?,
        excerptColumn: Int,
        underlyingError: (any Error)?
    ) {
        self.excerptColumn = excerptColumn
        self.kind = kind
        self.message = message
        self.location = location
        self.path = path
        self.sourceLine = sourceLine
        self.underlyingError = underlyingError
    }

    /// The headline without the source excerpt:
    /// `invalid JSON: unallowed token at this point in JSON text (in $[1])`.
    ///
    /// An input error is its message alone: `cannot open 'feed.json': No such file or directory`.
    /// A long path is shortened (``JSONNodePath/abbreviatedDescription``): a path 512 levels deep
    /// reads `$[0][0][0][0][0][0]…[0][0][0][0][0][0]`.
    ///
    /// ```swift
    /// print(error.summary)
    /// ```
    public var summary: String {
        kind == .inputError ? message : "\(kind): \(message) (in \(path.abbreviatedDescription))"
    }

    /// The 1-based byte column of the caret in ``sourceLine``, kept inside the line.
    private var caretColumn: Int? {
        sourceLine.map { min(max(excerptColumn, 1), $0.utf8.count + 1) }
    }

    /// The source line from the offending byte on (the text above and after the caret), when the
    /// line is known: what a command-line tool reads to suggest a fix.
    ///
    /// ```swift
    /// error.textAtCaret // "{\"id\":2}" for a second NDJSON record read as one document
    /// ```
    public var textAtCaret: String? {
        guard let sourceLine, let caretColumn else { return nil }
        return String(decoding: sourceLine.utf8.dropFirst(caretColumn - 1), as: UTF8.self)
    }

    /// A compiler-style diagnostic: `LINE:COLUMN: error: SUMMARY`, then the source line and a
    /// caret under the offending byte when the line is known.
    ///
    /// ```swift
    /// print(error.description)
    /// ```
    public var description: String {
        diagnostic(file: nil)
    }

    /// The diagnostic with a file name in front: `FILE:LINE:COLUMN: error: ...`.
    ///
    /// An input error that happened before any byte was read has no position:
    /// `feed.json: error: cannot open 'feed.json': No such file or directory`.
    ///
    /// ```swift
    /// print(error.diagnostic(file: "feed.json"))
    /// // feed.json:1:4: error: invalid JSON: ...
    /// ```
    public func diagnostic(file: String?) -> String {
        var result = file.map { "\($0):" } ?? ""
        if kind == .inputError, location.offset == 0 {
            return result + (file == nil ? "" : " ") + "error: \(summary)"
        }
        result += "\(location.line):\(location.column): error: \(summary)"
        if let sourceLine, let caretColumn {
            let before = String(decoding: sourceLine.utf8.prefix(caretColumn - 1), as: UTF8.self)
            // One space per character, so the caret stays under non-ASCII text too.
            let padding = before.map { $0 == "\t" ? "\t" : " " }.joined()
            result += "\n" + sourceLine + "\n" + padding + "^"
        }
        return result
    }
}
