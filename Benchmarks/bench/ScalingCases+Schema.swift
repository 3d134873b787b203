import Foundation
import Sift
import SiftSchema

extension ScalingCases {
    /// JSON Schema validation, one case per applicator (and the keywords of `schema/hub-feed`):
    /// each runs over the whole Hub feed, so that a cost growing faster than the input shows.
    static var schema: [ScalingCase] {
        let items = { (schema: String) in #"{"properties": {"body": {"items": \#(schema)}}}"# }
        let cases: [(name: String, schema: String)] = [
            ("keywords", SchemaScenarios.schemaText),
            ("allOf", items(#"{"allOf": [{"required": ["id"]}, {"properties": {"text": {"required": ["title"]}}}]}"#)),
            ("anyOf", items(#"{"anyOf": [{"required": ["none"]}, {"properties": {"text": {"type": "object"}}}]}"#)),
            ("oneOf", items(#"{"oneOf": [{"required": ["id"]}, {"required": ["none"]}]}"#)),
            ("not", items(#"{"not": {"required": ["none"]}}"#)),
            (
                "if-then-else",
                items(
                    #"{"if": {"required": ["children"]}, "then": {"properties": {"children": {"minItems": 1}}}, "else": {"properties": {"children": false}}}"#
                )
            ),
            (
                "unevaluatedProperties",
                items(
                    #"{"allOf": [{"properties": {"id": true, "component": true, "text": true}}], "properties": {"images": true, "target": true, "metadata": true, "logging": true, "custom": true, "children": true}, "unevaluatedProperties": false}"#
                )
            ),
            ("contains", #"{"properties": {"body": {"contains": {"required": ["children"]}, "minContains": 1}}}"#),
            ("uniqueItems", #"{"properties": {"body": {"uniqueItems": true}}}"#),
            (
                "dynamicRef",
                ##"{"$dynamicAnchor": "node", "properties": {"body": {"items": {"$dynamicRef": "#node"}}, "children": {"items": {"$dynamicRef": "#node"}}}}"##
            ),
        ]
        return cases.map { entry in
            ScalingCase(name: "schema \(entry.name)/hub-feed", input: "JSONSchema.validate, in memory") { size in
                let bytes = ScalingInputs.hubFeed(size)
                let schema = try JSONSchema(parsing: entry.schema)
                return ScalingWork {
                    let report = try schema.validate(.bytes(bytes))
                    guard report.isValid else {
                        throw BenchError("schema \(entry.name): the feed fails: \(report.errors.prefix(2))")
                    }
                }
            }
        }
    }

    /// Shapes other than the Hub feed: one long array whose items `uniqueItems` compares, one whose
    /// items `contains` counts, and nesting as deep as the depth limit allows, a `$ref` per level.
    static var hostileSchema: [ScalingCase] {
        [
            ScalingCase(name: "schema uniqueItems/numbers", input: "one array of distinct numbers, uniqueItems") {
                size in
                let bytes = ScalingInputs.elements(size, opening: "[", closing: "]") { "\($0)" }
                let schema = try JSONSchema(parsing: #"{"uniqueItems": true, "items": {"type": "integer"}}"#)
                return ScalingWork { try expectValid(schema, .bytes(bytes), "uniqueItems/numbers") }
            },
            ScalingCase(name: "schema contains/tiny objects", input: "contains with minContains and maxContains") {
                size in
                let bytes = ScalingInputs.tinyMatches(size)
                let schema = try JSONSchema(
                    parsing: #"{"contains": {"required": ["y"]}, "minContains": 1, "maxContains": 100000000}"#)
                return ScalingWork { try expectValid(schema, .bytes(bytes), "contains/tiny objects") }
            },
            // Each level's failed `anyOf` branch holds an error until the level ends: its paths are
            // links shared with the levels above (PathLink), or this case grows quadratically.
            ScalingCase(
                name: "schema $ref/deep", input: "nested arrays, anyOf with a $ref per level, depth limit raised",
                unit: .levels, baseSize: 50_000
            ) { levels in
                let bytes = ScalingInputs.deepArrays(levels)
                let schema = try JSONSchema(parsing: ##"{"anyOf": [{"type": "integer"}, {"items": {"$ref": "#"}}]}"##)
                let options = JSONParserOptions(maximumDepth: levels + 1)
                return ScalingWork { try expectValid(schema, .bytes(bytes), "$ref/deep", options: options) }
            },
        ]
    }

    /// Validates `input`, which must meet `schema` (an error would mean the case measures nothing).
    private static func expectValid(
        _ schema: JSONSchema, _ input: JSONInput, _ name: String, options: JSONParserOptions = JSONParserOptions()
    ) throws {
        let report = try schema.validate(input, options: options)
        guard report.isValid else { throw BenchError("schema \(name): the input fails: \(report.errors.prefix(2))") }
    }
}
