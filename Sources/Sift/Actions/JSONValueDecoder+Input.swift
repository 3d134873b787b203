import Foundation

extension JSONValueDecoder {
    /// Decodes a value of `type` from JSON text, as `JSONDecoder.decode(_:from:)` does, straight
    /// from the bytes: no `JSONValue` tree is built on the way.
    ///
    /// Invalid JSON throws `DecodingError.dataCorrupted` whose `underlyingError` is the engine's
    /// ``JSONParseError``, with its location and path; a value that does not fit `type` throws
    /// the `DecodingError` `JSONDecoder` would throw, with the value's location.
    ///
    /// ```swift
    /// struct Repo: Decodable { var name: String; var stars: Int }
    /// let repo = try JSONValueDecoder().decode(Repo.self, from: Data(#"{"name":"sift","stars":42}"#.utf8))
    /// print(repo.stars) // 42
    /// ```
    ///
    /// - Parameters:
    ///   - type: The type to decode.
    ///   - data: One JSON document.
    ///   - options: The tokenizer's options (depth limit, comments).
    /// - Returns: The decoded value.
    /// - Throws: `DecodingError`, or what `type`'s `init(from:)` throws.
    public func decode<T: Decodable & SendableMetatype>(
        _ type: T.Type, from data: Data, options: JSONParserOptions = JSONParserOptions()
    ) throws -> T {
        var options = options
        options.allowsMultipleValues = false
        do {
            let values = try JSONQuery.collect(
                JSONPath.root.decoded(type, decoder: self), from: .data(data), options: options)
            guard let value = values.first else {
                throw DecodingError.dataCorrupted(
                    DecodingError.Context(codingPath: [], debugDescription: "The given data was not valid JSON."))
            }
            return value
        } catch let error as JSONParseError {
            throw DecodingError.dataCorrupted(
                DecodingError.Context(
                    codingPath: [], debugDescription: "The given data was not valid JSON.", underlyingError: error))
        }
    }
}
