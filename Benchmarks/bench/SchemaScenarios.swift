import Foundation
import Sift
import SiftSchema

/// JSON Schema validation (SiftSchema) of the generated Hub feed (``HubFeedGenerator``) against a
/// schema of a dozen keywords (`required`, `enum`, `pattern`, `minLength`, `type`, and a `$ref` to
/// a recursive `component` definition), in one pass while the tokens arrive, vs the yajl floor and
/// `JSONSerialization` followed by the same checks written by hand over the tree.
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
                dataset: dataset, access: .inMemory,
                contenders: [TokenizerContenders.floor, siftSchema, jsonSerialization])
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

    /// `JSONSerialization.jsonObject`, then the schema's rules checked by hand over the tree.
    static let jsonSerialization = Contender(
        name: "JSONSerialization+checks", role: .foundation, checksumKind: kind
    ) { input in
        let data = input.data
        let body = {
            let root = try JSONSerialization.jsonObject(with: data)
            guard HandChecks.isFeed(root) else { throw BenchError("the feed fails the hand-written checks") }
            return RunResult(bytes: data.count, checksum: 1)
        }
        return PreparedRun(run: { _ in try body() }, verify: { try body().checksum })
    }
}

/// The rules of ``SchemaScenarios/schemaText``, written by hand over `JSONSerialization` output.
private enum HandChecks {
    static let categories: Set<String> = ["header", "row", "card", "carousel", "banner"]

    static func isFeed(_ value: Any) -> Bool {
        guard let feed = value as? [String: Any], feed["id"] is String, let body = feed["body"] as? [Any] else {
            return false
        }
        if let title = feed["title"], !(title is String) { return false }
        if let header = feed["header"], !isComponent(header) { return false }
        return body.allSatisfy(isComponent)
    }

    static func isComponent(_ value: Any) -> Bool {
        guard let component = value as? [String: Any], let id = component["id"] as? String,
            isWordsAndNumber(id), let kind = component["component"] as? [String: Any],
            let kindID = kind["id"] as? String, isNamespaced(kindID), let category = kind["category"] as? String,
            categories.contains(category), let text = component["text"] as? [String: Any],
            let title = text["title"] as? String, !title.isEmpty
        else { return false }
        if let metadata = component["metadata"] {
            guard let metadata = metadata as? [String: Any] else { return false }
            if let numbers = metadata["numbers"] {
                guard let numbers = numbers as? [Any], numbers.allSatisfy(isInteger) else { return false }
            }
            if let score = metadata["score"], !isNumber(score) { return false }
        }
        if let children = component["children"] {
            guard let children = children as? [Any], children.allSatisfy(isComponent) else { return false }
        }
        return true
    }

    /// A number that is not a boolean, as ``Strict`` reads one.
    static func isNumber(_ value: Any) -> Bool { (try? Strict.double(value)) != nil }

    static func isInteger(_ value: Any) -> Bool {
        guard let number = try? Strict.double(value) else { return false }
        return number == number.rounded()
    }

    /// Whether `text` matches `^[a-z]+-[0-9]+$`.
    static func isWordsAndNumber(_ text: String) -> Bool {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        return parts.count == 2 && !parts[0].isEmpty && parts[0].allSatisfy { ("a"..."z").contains($0) }
            && !parts[1].isEmpty && parts[1].allSatisfy { ("0"..."9").contains($0) }
    }

    /// Whether `text` matches `^[a-z]+:[a-z]+$`.
    static func isNamespaced(_ text: String) -> Bool {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        return parts.count == 2 && parts.allSatisfy { !$0.isEmpty && $0.allSatisfy { ("a"..."z").contains($0) } }
    }
}
