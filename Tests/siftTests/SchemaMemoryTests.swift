import Foundation
import Testing

/// `sift validate --schema` keeps no tree of the instance: its peak RSS does not grow with the feed.
@Suite("memory of schema validation")
struct SchemaMemoryTests {
    /// A dozen keywords over `MemoryTests.FeedGenerator`'s components: `required`, `enum`,
    /// `pattern`, bounds, `additionalProperties`, `format`, and a `$ref` to a recursive definition.
    static let schema = #"""
        {"type": "object", "required": ["body"],
         "properties": {"body": {"type": "array", "items": {"$ref": "#/$defs/component"}}},
         "$defs": {
           "component": {"type": "object", "required": ["id", "component", "text"],
             "properties": {
               "id": {"type": "integer", "minimum": 0},
               "component": {"type": "object", "required": ["id"],
                 "properties": {"id": {"type": "string", "pattern": "^[a-z]+:[a-z]+$"},
                                "category": {"enum": ["row", "card"]}}},
               "text": {"type": "object",
                 "properties": {"title": {"type": "string", "minLength": 1},
                                "subtitle": {"type": "string", "maxLength": 1000}}},
               "images": {"type": "object", "additionalProperties": {"$ref": "#/$defs/image"}},
               "metadata": {"type": "object"},
               "children": {"type": "array", "items": {"$ref": "#/$defs/component"}}}},
           "image": {"type": "object", "required": ["uri"], "properties": {"uri": {"type": "string", "format": "uri"}}}}}
        """#

    @Test(
        "validate --schema over 1 GB on stdin keeps the child's peak RSS under 48 MB",
        .enabled(
            if: SiftBinary.release != nil, "needs a release sift: make test builds it and sets SIFT_RELEASE_BINARY"))
    func streamsInBoundedMemory() throws {
        let binary = try #require(SiftBinary.release)
        let directory = try TemporaryDirectory()
        let schema = try directory.write("feed.schema.json", Self.schema)
        var generator = MemoryTests.FeedGenerator(size: 1 << 30)
        let result = try SiftProcess.run(
            ["validate", "--schema", schema, "--assert-format"], binary: binary, stdin: .generator { generator.next() },
            samplesMemory: true
        ) { _ in }
        #expect(result.status == 0)
        #expect(result.stderr.isEmpty)
        #expect(result.bytesFed >= 1 << 30 - (1 << 20))
        #expect(result.peakMemory < 48 << 20, "peak RSS \(result.peakMemory >> 20) MB")
    }
}
