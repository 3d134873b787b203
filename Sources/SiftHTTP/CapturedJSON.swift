import Foundation
import Sift

// Turns the JSON text captured by `KeyPathCaptureSession` into the values the mappers hand out.
// Part of the interim capture engine (see KeyPathCapture.swift).

extension CapturedJSON {
    /// Decodes the captured text with Foundation's `JSONDecoder`.
    func decode<T: Decodable>(_ type: T.Type, using decoder: JSONDecoder) throws -> T {
        do {
            return try decoder.decode(T.self, from: Data(text))
        } catch {
            throw DataMapperError(message: "cannot decode \(T.self) at \(path)", path: path, underlyingError: error)
        }
    }

    /// Builds the captured value in memory and hands it to `transform`.
    func transformed<T>(by transform: (JSONValue) throws -> T) throws -> T {
        let tokenizer = JSONTokenizer(handler: ValueCollector())
        try tokenizer.feed(text)
        try tokenizer.finish()
        guard let value = tokenizer.handler.result else {
            throw DataMapperError(message: "no value captured at \(path)", path: path)
        }
        do {
            return try transform(value)
        } catch let error as DataMapperError {
            throw error
        } catch {
            throw DataMapperError(message: "cannot map the value at \(path)", path: path, underlyingError: error)
        }
    }
}

/// Hands the events of one document to Sift's ``JSONValueBuilder``.
private struct ValueCollector: JSONEventHandler {
    var builder = JSONValueBuilder()
    var result: JSONValue?

    mutating func handle(_ event: JSONEvent, context: JSONEventContext) {
        if let value = builder.consume(event) { result = value }
    }
}
