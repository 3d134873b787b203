import Sift

/// The documented ways Sift's verdict differs from plain yajl's (`JSONTokenizer`'s overview,
/// the byte order mark in the README), each a predicate on the document and Sift's error.
///
/// A difference none of them explains is a divergence.
enum YajlDeviation: String, CaseIterable {
    /// yajl takes a raw form feed or vertical tab as whitespace; JSON does not.
    case rawFormFeedOrVerticalTab
    /// Sift checks UTF-8 strictly everywhere; yajl checks it loosely, inside strings only.
    case strictUTF8
    /// yajl accepts a complete value followed by the start of a string that never ends.
    case unterminatedStringAfterValue
    /// Sift rejects nesting deeper than `maximumDepth`; yajl has no limit.
    case depthLimit
    /// Sift passes over a UTF-8 byte order mark at the start; yajl rejects it.
    case byteOrderMark

    /// The deviation that explains Sift rejecting (`error`) what yajl accepts, or accepting
    /// (`error == nil`) what yajl rejects; nil if none does.
    static func explaining(_ document: [UInt8], siftError error: JSONParseError?, options: JSONParserOptions)
        -> YajlDeviation?
    {
        allCases.first { $0.explains(document, siftError: error, options: options) }
    }

    func explains(_ document: [UInt8], siftError error: JSONParseError?, options: JSONParserOptions) -> Bool {
        guard let error else {
            // Sift accepts, yajl rejects.
            return self == .byteOrderMark && document.starts(with: [0xEF, 0xBB, 0xBF])
                && PlainYajl.accepts(document.dropFirst(3))
        }
        switch self {
        case .rawFormFeedOrVerticalTab:
            return error.kind == .invalidSyntax && document.contains { $0 == 0x0B || $0 == 0x0C }
        case .strictUTF8:
            return error.kind == .invalidUTF8 && String(validating: document, as: UTF8.self) == nil
        case .unterminatedStringAfterValue:
            let offset = error.location.offset
            // Sift reports trailing garbage at the quote (incomplete input with several values).
            return (error.kind == .invalidSyntax || error.kind == .incompleteInput)
                && offset < document.count && document[offset] == UInt8(ascii: "\"")
                && PlainYajl.accepts(document[..<offset])
        case .depthLimit:
            return error.kind == .depthLimitExceeded && Self.nesting(document) > options.maximumDepth
        case .byteOrderMark:
            return false
        }
    }

    /// The deepest nesting of brackets outside strings.
    static func nesting(_ document: [UInt8]) -> Int {
        var depth = 0
        var deepest = 0
        var inString = false
        var escaped = false
        for byte in document {
            if inString {
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""): inString = true
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                depth += 1
                deepest = max(deepest, depth)
            case UInt8(ascii: "]"), UInt8(ascii: "}"): depth -= 1
            default: break
            }
        }
        return deepest
    }
}
