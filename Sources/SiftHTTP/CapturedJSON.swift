import Foundation
import Sift

// Turns the values captured by `KeyPathCaptureSession` into the values the mappers hand out.

extension CapturedJSON {
    /// How a mapper decodes captured values as `T` with Sift's `JSONValueDecoder`, straight from
    /// the captured value.
    static func decoding<T: Decodable & SendableMetatype>(
        _ type: T.Type, with decoder: JSONValueDecoder
    ) -> @Sendable (CapturedJSON) throws -> T {
        { captured in try captured.decoding(T.self) { try decoder.decode(T.self, from: $0) } }
    }

    /// Runs `decode` on the captured value; its errors become mapping errors at the value's path.
    private func decoding<T>(_ type: T.Type, _ decode: (JSONValue) throws -> T) throws -> T {
        do {
            return try decode(value)
        } catch {
            throw DataMapperError(message: "cannot decode \(T.self) at \(path)", path: path, underlyingError: error)
        }
    }

    /// Hands the captured value to `transform`.
    func transformed<T>(by transform: (JSONValue) throws -> T) throws -> T {
        do {
            return try transform(value)
        } catch let error as DataMapperError {
            throw error
        } catch {
            throw DataMapperError(message: "cannot map the value at \(path)", path: path, underlyingError: error)
        }
    }
}
