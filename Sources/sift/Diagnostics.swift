import Sift
import SiftHTTP

/// Reports input errors on stderr as `FILE:LINE:COLUMN: error: MESSAGE`, followed by the source
/// line and a caret line when the tokenizer had them; `FILE: error: MESSAGE` when there is no
/// location (an input that cannot be read, an HTTP status or transport failure).
///
/// FILE is the path, the URL or `<stdin>`. An error the user can fix with a flag ends its first
/// line with a hint naming the flag: `; use --max-depth to raise the limit` after a nesting too
/// deep, `; several values: use --lines` when a second JSON value follows a complete first one.
///
/// ```swift
/// // bad.json:1:4: error: invalid JSON: unallowed token at this point in JSON text (in $[1])
/// // [1,,2]
/// //    ^
/// ```
enum Diagnostics {
    /// Writes the diagnostic for `error`, which happened while reading `source`, after flushing
    /// `output` so that stdout and stderr stay in order on a terminal.
    ///
    /// A failure of the output itself is not an input error: it is rethrown. `offersLines`:
    /// whether the command has a `--lines` flag to suggest.
    static func report(
        _ error: any Error, in source: InputSource, flushing output: StandardOutput? = nil, offersLines: Bool = false
    ) throws {
        if let parseError = error as? JSONParseError, parseError.kind == .consumerError,
            let writerError = parseError.underlyingError as? JSONWriterError, writerError.isOutputFailure
        {
            throw writerError
        }
        if let writerError = error as? JSONWriterError, writerError.isOutputFailure {
            throw writerError
        }
        try output?.flush()
        StandardError.write(message(for: error, in: source, offersLines: offersLines) + "\n")
    }

    /// The text of the diagnostic, without the final newline.
    static func message(for error: any Error, in source: InputSource, offersLines: Bool = false) -> String {
        if let parseError = error as? JSONParseError {
            return diagnostic(parseError, file: source.name, offersLines: offersLines)
        }
        if let inputError = error as? InputError {
            // As the engine words input errors: no position before the first byte.
            guard inputError.offset > 0 else { return "\(source.name): error: \(inputError.message)" }
            return "\(source.name): error: \(inputError.message) (after \(inputError.offset) bytes)"
        }
        if let loadError = error as? HTTPLoadError {
            // 404 Not Found, a broken connection, a timeout: the URL is the location.
            if let parseError = loadError.parseError {
                return diagnostic(parseError, file: source.name, offersLines: offersLines)
            }
            return "\(source.name): error: \(loadError.kind): \(loadError.message)"
        }
        return "\(source.name): error: \(error)"
    }

    /// The engine's diagnostic, with a hint at the end of its first line when a flag fixes it,
    /// and the caret placed by display width (a CJK character or an emoji takes two columns).
    static func diagnostic(_ error: JSONParseError, file: String, offersLines: Bool) -> String {
        let text = caretByDisplayWidth(error.diagnostic(file: file), error: error)
        guard let hint = hint(for: error, offersLines: offersLines) else { return text }
        guard let lineEnd = text.firstIndex(of: "\n") else { return text + "; " + hint }
        return text[..<lineEnd] + "; " + hint + text[lineEnd...]
    }

    /// `text` with its last line, the caret line, redone by display width: the engine pads one
    /// blank per character, which leaves the caret left of its column after wide characters.
    static func caretByDisplayWidth(_ text: String, error: JSONParseError) -> String {
        guard let sourceLine = error.sourceLine, let atCaret = error.textAtCaret,
            let caretLineStart = text.lastIndex(of: "\n"), text.hasSuffix("^")
        else { return text }
        let before = sourceLine.utf8.prefix(sourceLine.utf8.count - atCaret.utf8.count)
        let padding = DisplayWidth.padding(before: String(decoding: before, as: UTF8.self))
        return text[...caretLineStart] + padding + "^"
    }

    /// The flag that fixes `error`, if any: `--max-depth` for a nesting deeper than allowed,
    /// `--lines` (when offered) for a second value after a complete one.
    static func hint(for error: JSONParseError, offersLines: Bool) -> String? {
        if error.kind == .depthLimitExceeded {
            return "use --max-depth to raise the limit"
        }
        if offersLines, error.kind == .invalidSyntax, error.message == "trailing garbage",
            let text = error.textAtCaret, startsValue(text)
        {
            return "several values: use --lines"
        }
        return nil
    }

    /// Whether `text` starts like a JSON value: a bracket, a quote, a number or a literal.
    static func startsValue(_ text: String) -> Bool {
        guard let first = text.utf8.first else { return false }
        switch first {
        case UInt8(ascii: "{"), UInt8(ascii: "["), UInt8(ascii: "\""), UInt8(ascii: "-"),
            UInt8(ascii: "0")...UInt8(ascii: "9"):
            return true
        default:
            return text.hasPrefix("true") || text.hasPrefix("false") || text.hasPrefix("null")
        }
    }
}
