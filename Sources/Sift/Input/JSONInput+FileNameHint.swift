import Foundation

extension JSONInput {
    /// `error` with a hint when this input is JSON text that looks like a file name: a string
    /// literal is the document itself, so `ViewModel(parsing: "home.json")` parses the text
    /// `home.json`, which is never valid JSON, and the message says what was probably meant.
    ///
    /// Other inputs and other errors are returned unchanged.
    func explaining(_ error: JSONParseError) -> JSONParseError {
        guard error.kind == .invalidSyntax, case .text(let text) = source, Self.looksLikeFileName(text) else {
            return error
        }
        let name = text.trimmingCharacters(in: .whitespaces)
        return JSONParseError(
            kind: error.kind,
            message: "\(error.message); \"\(name)\" looks like a file name, but a string is JSON text: "
                + "use JSONInput.file(\"\(name)\") to read the file",
            location: error.location, path: error.path, sourceLine: error.sourceLine,
            excerptColumn: error.excerptColumn, underlyingError: error.underlyingError)
    }

    /// Whether `text` reads as a path or a file name rather than JSON: one line, not starting
    /// like an object, array or string, with a slash, a `file:` scheme, or a name extension
    /// (`home.json`, `feed.jsonl`).
    static func looksLikeFileName(_ text: String) -> Bool {
        let text = text.trimmingCharacters(in: .whitespaces)
        guard let first = text.first, text.utf8.count <= 4096, !text.contains(where: \.isNewline) else {
            return false
        }
        guard !"{[\"".contains(first) else { return false }
        if text.hasPrefix("file:") || text.contains("/") || text.contains("\\") { return true }
        // A number such as `1.5e` is not a file name with the extension `5e`.
        guard !first.isNumber, first != "-", let dot = text.lastIndex(of: "."), dot != text.startIndex else {
            return false
        }
        let suffix = text[text.index(after: dot)...]
        return (1...10).contains(suffix.count) && suffix.allSatisfy { $0.isLetter || $0.isNumber }
            && suffix.contains(where: \.isLetter)
    }
}
