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
}
