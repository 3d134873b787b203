import Foundation
import Sift
import SiftSchema

/// JSON Schema validation (SiftSchema) of the generated Hub feed (``HubFeedGenerator``) against a
/// schema of a dozen keywords (`required`, `enum`, `pattern`, `minLength`, `type`, and a `$ref` to
/// a recursive `component` definition), in one pass while the tokens arrive, vs the yajl floor.
///
/// The checksum is the verdict (1: valid), which every run must give.
enum SchemaScenarios: ScenarioFamily {
    /// The checksum kind of the validators.
    static let kind = "schema verdict"

    /// The schema the feed is validated against.
    static let schemaText = #"""
        {"type": "object", "required": ["id", "body"],
         "properties": {"id": {"type": "string"}, "title": {"type": "string"},
                        "header": {"$ref": "#/$defs/component"},
                        "body": {"type": "array", "items": {"$ref": "#/$defs/component"}}},
         "$defs": {"component": {"type": "object", "required": ["id", "component", "text"],
           "properties": {
             "id": {"type": "string", "pattern": "^[a-z]+-[0-9]+$"},
             "component": {"type": "object", "required": ["id", "category"],
               "properties": {"id": {"type": "string", "pattern": "^[a-z]+:[a-z]+$"},
                              "category": {"enum": ["header", "row", "card", "carousel", "banner"]}}},
             "text": {"type": "object", "required": ["title"], "properties": {"title": {"type": "string", "minLength": 1}}},
             "metadata": {"type": "object",
               "properties": {"numbers": {"type": "array", "items": {"type": "integer"}}, "score": {"type": "number"}}},
             "children": {"type": "array", "items": {"$ref": "#/$defs/component"}}}}}}
        """#

    static func scenarios(over datasets: [Dataset], options: BenchOptions) -> [Scenario] {
        let size = (options.isQuick ? 4 : 64) * 1_000_000
        let dataset = Dataset(
            generated: "hub-feed", origin: "generated \(size / 1_000_000) MB Hub feed",
            generator: HubFeedGenerator(size: size))
        return [
            Scenario(
                name: "schema/\(dataset.name)",
                summary: "validate \(dataset.origin) against a JSON Schema of a dozen keywords, in memory",
                dataset: dataset, access: .inMemory, contenders: [TokenizerContenders.floor, siftSchema])
        ]
    }

    /// `JSONSchema.validate`: the feed streamed through the tokenizer once.
    static let siftSchema = Contender(name: "sift JSONSchema.validate", role: .sift, checksumKind: kind) { input in
        let bytes = [UInt8](input.data)
        let schema = try JSONSchema(parsing: schemaText)
        let body = {
            let report = try schema.validate(.bytes(bytes))
            guard report.isValid else { throw BenchError("the feed fails its schema: \(report.errors.prefix(3))") }
            return RunResult(bytes: bytes.count, checksum: 1)
        }
        return PreparedRun(run: { _ in try body() }, verify: { try body().checksum })
    }
}
