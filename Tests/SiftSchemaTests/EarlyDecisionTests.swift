import Sift
import Testing

@testable import SiftSchema

/// Applicators decide as soon as the events allow.
///
/// The branches that can no longer change an outcome stop: they make no more frames, so the
/// values after the decision are not walked for them. The reports stay those of a validator that
/// waits, in every split of the input.
@Suite struct EarlyDecisionTests {
    /// The report of `text`, and the frames the validator made for it.
    static func run(_ schema: String, _ text: String, maximumDepth: Int = 512) throws -> (
        report: SchemaValidationReport, frames: Int
    ) {
        let tokenizer = JSONTokenizer(
            options: JSONParserOptions(maximumDepth: maximumDepth),
            handler: JSONSchemaValidator(schema: try JSONSchema(parsing: schema)))
        try tokenizer.parse(.string(text))
        return (tokenizer.handler.report, tokenizer.handler.framesMade)
    }

    /// Expects the same report of `text` whole and in chunks of 1…31 bytes.
    static func expectSameInChunks(_ schema: String, _ text: String) throws {
        let compiled = try JSONSchema(parsing: schema)
        let bytes = Array(text.utf8)
        let whole = try compiled.validate(.bytes(bytes))
        for size in 1...31 {
            #expect(try compiled.report(of: bytes, inChunksOf: size) == whole, "chunks of \(size)")
        }
    }

    static let numbers = "[" + (1...5_000).map(String.init).joined(separator: ", ") + "]"

    @Test func aPassedAnyOfBranchStopsTheOthers() throws {
        let schema = #"{"anyOf": [{"type": "array"}, {"items": {"type": "integer"}}, {"items": {"type": "string"}}]}"#
        let (report, frames) = try Self.run(schema, Self.numbers)
        #expect(report.isValid)
        // The root and its three branches: no frame for any of the 5,000 elements.
        #expect(frames == 4)
        try Self.expectSameInChunks(schema, #"[1, "x", [2, {"a": 3}], null]"#)
    }

    /// A branch that passes because another one's branch failed (`not`) decides the `anyOf`
    /// in the middle of the array: the elements after it are not walked.
    @Test func aDecisionInTheMiddleOfAValueStopsTheRest() throws {
        let schema = #"{"anyOf": [{"items": {"type": "integer"}}, {"not": {"items": {"type": "integer"}}}]}"#
        let text = #"[1, "x", "# + Self.numbers.dropFirst()
        let (report, frames) = try Self.run(schema, text)
        #expect(report.isValid)
        #expect(frames < 12)
        try Self.expectSameInChunks(schema, #"[1, "x", 2, [3]]"#)
        try Self.expectSameInChunks(schema, #"[1, 2, [3]]"#)
    }

    /// Each level's `anyOf` is decided by `{"type": "array"}` as the array begins, so the
    /// `$ref` branch stops and the nested arrays are skipped unseen, however deep.
    @Test func nestedArraysUnderARecursiveBranchAreSkipped() throws {
        let schema = ##"{"anyOf": [{"type": "array"}, {"items": {"$ref": "#"}}]}"##
        let depth = 50_000
        let text = String(repeating: "[", count: depth) + "1" + String(repeating: "]", count: depth)
        let (report, frames) = try Self.run(schema, text, maximumDepth: depth + 1)
        #expect(report.isValid)
        #expect(frames == 3)
    }

    /// `unevaluatedProperties` reads the annotations of every passing branch: then no branch
    /// stops, in the same schema or around it.
    @Test func branchesWhoseAnnotationsCountKeepRunning() throws {
        let schemas = [
            #"{"anyOf": [{"type": "object"}, {"properties": {"a": true}}], "unevaluatedProperties": false}"#,
            #"{"allOf": [{"anyOf": [{"type": "object"}, {"properties": {"a": true}}]}], "unevaluatedProperties": false}"#,
        ]
        for schema in schemas {
            #expect(try Self.run(schema, #"{"a": 1}"#).report.isValid)
            let report = try Self.run(schema, #"{"a": 1, "b": 2}"#).report
            #expect(report.errors.map(\.instancePath.description) == ["$.b"])
            try Self.expectSameInChunks(schema, #"{"a": 1, "b": [2, {"c": 3}]}"#)
        }
        let items = #"{"anyOf": [{"type": "array"}, {"prefixItems": [true]}], "unevaluatedItems": false}"#
        #expect(try Self.run(items, "[1]").report.isValid)
        #expect(try Self.run(items, "[1, 2]").report.errors.map(\.instancePath.description) == ["$[1]"])
    }

    /// Two passed branches fail `oneOf` at once; the others stop, so the count is a lower bound.
    @Test func oneOfFailsOnceTwoBranchesPass() throws {
        let schema = #"{"oneOf": [{"type": "array"}, true, {"items": {"type": "integer"}}]}"#
        let (report, frames) = try Self.run(schema, Self.numbers)
        #expect(frames == 4)
        #expect(
            report.errors.map(\.description) == [
                "$ (1:1): matches at least 2 subschemas of oneOf, where exactly one must match [#/oneOf]"
            ])
        let none = #"{"oneOf": [{"type": "object"}, {"items": {"type": "string"}}]}"#
        #expect(
            try Self.run(none, "[1]").report.errors.map(\.description) == [
                "$ (1:1): matches none of the 2 subschemas of oneOf [#/oneOf]",
                "$ (1:1): expected an object, found an array [#/oneOf/0/type]",
                "$[0] (1:2): expected a string, found the integer 1 [#/oneOf/1/items/type]",
            ])
        try Self.expectSameInChunks(schema, #"[1, "x", [2]]"#)
    }

    /// `not` takes the inverse of its branch as soon as the branch is decided.
    @Test func notIsDecidedWithItsBranch() throws {
        let passes = #"{"not": {"anyOf": [{"type": "array"}, {"items": {"type": "integer"}}]}}"#
        let (report, frames) = try Self.run(passes, Self.numbers)
        #expect(frames == 4)
        #expect(
            report.errors.map(\.description) == ["$ (1:1): matches the subschema of not, which it must not [#/not]"])
        let fails = #"{"not": {"allOf": [{"type": "object"}, {"items": {"type": "integer"}}]}}"#
        let failed = try Self.run(fails, Self.numbers)
        #expect(failed.report.isValid)
        #expect(failed.frames == 4)
        try Self.expectSameInChunks(passes, #"[1, "x"]"#)
        try Self.expectSameInChunks(fails, #"[1, "x"]"#)
    }

    /// `if` decided as the value begins stops the unused one of `then` and `else`.
    @Test func ifStopsTheUnusedBranch() throws {
        let schema =
            #"{"if": {"type": "array"}, "then": {"items": {"type": "integer"}}, "else": {"items": {"type": "string"}}}"#
        let (report, frames) = try Self.run(schema, Self.numbers)
        #expect(report.isValid)
        // The root, if, then, else, and one frame per element for `then` alone.
        #expect(frames == 4 + 5_000)
        #expect(
            try Self.run(schema, #"[1, "x"]"#).report.errors.map(\.description) == [
                #"$[1] (1:5): expected an integer, found the string "x" [#/then/items/type]"#
            ])
        try Self.expectSameInChunks(schema, #"[1, "x", {"a": []}]"#)
        try Self.expectSameInChunks(schema, #"{"a": [1, "x"]}"#)
    }

    /// The errors of an `anyOf` that fails are those of each branch, as before.
    @Test func aFailedAnyOfReportsItsBranches() throws {
        let schema = #"{"anyOf": [{"type": "object"}, {"items": {"type": "string"}}, {"not": {"type": "array"}}]}"#
        #expect(
            try Self.run(schema, #"[1, "a"]"#).report.errors.map(\.description) == [
                "$ (1:1): matches none of the 3 subschemas of anyOf [#/anyOf]",
                "$ (1:1): expected an object, found an array [#/anyOf/0/type]",
                "$ (1:1): matches the subschema of not, which it must not [#/anyOf/2/not]",
                "$[0] (1:2): expected a string, found the integer 1 [#/anyOf/1/items/type]",
            ])
        try Self.expectSameInChunks(schema, #"[1, "a", [{}]]"#)
    }
}
