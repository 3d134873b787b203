import Foundation
import Sift
import SiftSchema

extension ScalingCases {
    /// JSON Schema validation, one case per kind of keyword whose work could grow faster than its
    /// input: the applicators run side by side over the same events, `$ref` recursion, the
    /// annotations `unevaluated*` keeps, the items `uniqueItems` compares, `contains` counting,
    /// and nesting as deep as the depth limit allows.
    static var schema: [ScalingCase] {
        [
            hubCase("schema $ref/hub-feed", "the bench's Hub feed schema, recursive children", HubFeedSchema.text),
            hubCase(
                "schema applicators/hub-feed", "allOf, anyOf, oneOf, not, if/then/else on every component",
                #"""
                {"properties": {"body": {"items": {
                  "allOf": [{"required": ["id"]}, {"properties": {"text": {"type": "object"}}}],
                  "anyOf": [{"properties": {"id": {"pattern": "^row-"}}}, {"properties": {"id": {"type": "integer"}}}],
                  "oneOf": [{"required": ["children"]}, {"not": {"required": ["children"]}}],
                  "if": {"properties": {"component": {"properties": {"category": {"const": "row"}}}}},
                  "then": {"required": ["text"]}, "else": {"required": ["images"]}
                }}}}
                """#),
            hubCase(
                "schema unevaluated/hub-feed", "unevaluatedProperties and unevaluatedItems on every component",
                #"""
                {"properties": {"body": {"unevaluatedItems": false, "items": {
                  "properties": {"id": true, "component": true, "text": true},
                  "patternProperties": {"^i": true},
                  "unevaluatedProperties": {"type": ["object", "array"]}
                }}}}
                """#),
            ScalingCase(name: "schema uniqueItems/numbers", input: "one array of distinct numbers, uniqueItems") {
                size in
                let bytes = ScalingInputs.elements(size, opening: "[", closing: "]") { "\($0)" }
                let schema = try JSONSchema(parsing: #"{"uniqueItems": true, "items": {"type": "integer"}}"#)
                return ScalingWork { try expectValid(schema, bytes) }
            },
            ScalingCase(name: "schema contains/objects", input: "contains with minContains and maxContains") {
                size in
                let bytes = ScalingInputs.tinyMatches(size)
                let schema = try JSONSchema(
                    parsing: #"{"contains": {"required": ["y"]}, "minContains": 1, "maxContains": 100000000}"#)
                return ScalingWork { try expectValid(schema, bytes) }
            },
            ScalingCase(
                name: "schema $ref/deep", input: "nested arrays, a $ref per level, depth limit raised", unit: .levels,
                baseSize: 250_000
            ) { levels in
                let bytes = ScalingInputs.deepArrays(levels)
                let schema = try JSONSchema(parsing: ##"{"anyOf": [{"type": "integer"}, {"items": {"$ref": "#"}}]}"##)
                let options = JSONParserOptions(maximumDepth: levels + 1)
                return ScalingWork {
                    let report = try schema.validate(.bytes(bytes), options: options)
                    guard report.isValid else { throw BenchError("schema $ref/deep: \(report.errors.first!)") }
                }
            },
        ]
    }

    /// A case validating the Hub feed against `schema`.
    private static func hubCase(_ name: String, _ input: String, _ schema: String) -> ScalingCase {
        ScalingCase(name: name, input: input) { size in
            let bytes = ScalingInputs.hubFeed(size)
            let compiled = try JSONSchema(parsing: schema)
            return ScalingWork { try expectValid(compiled, bytes) }
        }
    }

    /// Validates `bytes`, which must meet `schema` (an error would mean the case measures nothing).
    private static func expectValid(_ schema: JSONSchema, _ bytes: [UInt8]) throws {
        let report = try schema.validate(.bytes(bytes))
        if let error = report.errors.first { throw BenchError("the scaling input does not meet its schema: \(error)") }
    }
}
