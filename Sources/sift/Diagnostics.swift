import Sift
import SiftHTTP

/// Reports input errors on stderr as `FILE:LINE:COLUMN: error: MESSAGE`, followed by the source
/// line and a caret line when the tokenizer had them; `FILE: error: MESSAGE` when there is no
/// location (an input that cannot be read, an HTTP status or transport failure).
///
/// FILE is the path, the URL or `<stdin>`.
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
    /// A failure of the output itself is not an input error: it is rethrown.
    static func report(_ error: any Error, in source: InputSource, flushing output: StandardOutput? = nil) throws {
        if let parseError = error as? JSONParseError, parseError.kind == .consumerError,
            let writerError = parseError.underlyingError as? JSONWriterError, writerError.isOutputFailure
        {
            throw writerError
        }
        if let writerError = error as? JSONWriterError, writerError.isOutputFailure {
            throw writerError
        }
        try output?.flush()
        StandardError.write(message(for: error, in: source) + "\n")
    }

    /// The text of the diagnostic, without the final newline.
    static func message(for error: any Error, in source: InputSource) -> String {
        if let parseError = error as? JSONParseError {
            return parseError.diagnostic(file: source.name)
        }
        if let inputError = error as? InputError {
            // As the engine words input errors: no position before the first byte.
            guard inputError.offset > 0 else { return "\(source.name): error: \(inputError.message)" }
            return "\(source.name): error: \(inputError.message) (after \(inputError.offset) bytes)"
        }
        if let loadError = error as? HTTPLoadError {
            // 404 Not Found, a broken connection, a timeout: the URL is the location.
            if let parseError = loadError.parseError { return parseError.diagnostic(file: source.name) }
            return "\(source.name): error: \(loadError.kind): \(loadError.message)"
        }
        return "\(source.name): error: \(error)"
    }
}
