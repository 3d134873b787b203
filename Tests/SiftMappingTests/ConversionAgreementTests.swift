import Foundation
import Sift
import SiftMapping
import Testing

/// Every consumer of the engine's conversion table accepts and rejects the same scalars, with the
/// same words: a schema property, a key-mapped `JSONValueDecodable` property and a typed path.
@Suite("One conversion table")
struct ConversionAgreementTests {
    static let scalars = [
        "12", "-3", "1.0", "2e3", "1.5", "1e400", "1e39", "-1", "18446744073709551616", "\"12\"", "\"https://a.b/c\"",
        "\"/relative\"", "\"é\"", "\"\"", "true", "false", "{}", "[]",
    ]

    /// What a schema property of `type` makes of `json`: nil when it converts, else the failure.
    private func schemaFailure(_ json: String, _ type: PropertyType) throws -> String? {
        try failures("{\"v\": \(json)}", Property("v", type)).first.map { "\($0.expected ?? ""), \($0.found ?? "")" }
    }

    /// What `JSONValueDecodable` makes of `json`: nil when it converts, else the failure.
    private func decodableFailure<T: JSONValueDecodable>(_ json: String, _ type: T.Type) throws -> String? {
        do {
            _ = try T(jsonValue: try JSONValue(parsing: json))
            return nil
        } catch let error as MappingError {
            return error.failures.first.map { "\($0.expected ?? ""), \($0.found ?? "")" }
        }
    }

    @Test("schema properties and JSONValueDecodable agree", arguments: scalars)
    func schemaAndDecodable(json: String) throws {
        #expect(try schemaFailure(json, .int) == decodableFailure(json, Int.self))
        #expect(try schemaFailure(json, .uint) == decodableFailure(json, UInt.self))
        #expect(try schemaFailure(json, .double) == decodableFailure(json, Double.self))
        #expect(try schemaFailure(json, .float) == decodableFailure(json, Float.self))
        #expect(try schemaFailure(json, .bool) == decodableFailure(json, Bool.self))
        #expect(try schemaFailure(json, .string) == decodableFailure(json, String.self))
        #expect(try schemaFailure(json, .url) == decodableFailure(json, URL.self))
    }

    @Test("typed paths keep exactly what the schema converts", arguments: scalars)
    func typedPaths(json: String) throws {
        let value = try JSONValue(parsing: "[\(json)]")
        let element = JSONPath.root.element(0)
        #expect(try (element.integer.first(in: value) == nil) == (schemaFailure(json, .int) != nil))
        #expect(try (element.double.first(in: value) == nil) == (schemaFailure(json, .double) != nil))
        #expect(try (element.bool.first(in: value) == nil) == (schemaFailure(json, .bool) != nil))
        #expect(try (element.string.first(in: value) == nil) == (schemaFailure(json, .string) != nil))
        #expect(try (element.url.first(in: value) == nil) == (schemaFailure(json, .url) != nil))
    }
}
