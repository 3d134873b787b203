import Foundation
import Sift

// Turns the values captured by `KeyPathCaptureSession` into the values the mappers hand out.

extension CapturedJSON {
    /// Decodes the captured value with Foundation's `JSONDecoder`.
    func decode<T: Decodable>(_ type: T.Type, using decoder: JSONDecoder) throws -> T {
        do {
            return try decoder.decode(T.self, from: Data(try value.jsonBytes()))
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
