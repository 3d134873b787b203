import Foundation
import Testing

@Suite("sift validate --schema: memory")
struct SchemaMemoryTests {
    /// A dozen keywords over components with a recursive `children`: `required`, `enum`,
    /// `pattern`, bounds, `additionalProperties`, `format` (asserted), and a `$ref` per level.
    static let schema = """
        {
          "$schema": "https://json-schema.org/draft/2020-12/schema",
          "type": "object",
          "required": ["body"],
          "properties": {"body": {"type": "array", "items": {"$ref": "#/$defs/component"}}},
          "$defs": {
            "component": {
              "type": "object",
              "required": ["id", "component", "text"],
              "properties": {
                "id": {"type": "integer", "minimum": 0},
                "component": {
                  "type": "object",
                  "required": ["id", "category"],
                  "properties": {
                    "id": {"type": "string", "pattern": "^[a-z]+:[a-z]+$"},
                    "category": {"enum": ["row", "card", "carousel"]}
                  },
                  "additionalProperties": false
                },
                "text": {
                  "type": "object",
                  "required": ["title"],
                  "properties": {"title": {"type": "string", "minLength": 1}, "subtitle": {"type": "string"}}
                },
                "images": {"type": "object", "additionalProperties": {"$ref": "#/$defs/image"}},
                "metadata": {
                  "type": "object",
                  "properties": {"scores": {"type": "array", "maxItems": 8}, "flag": {"type": "boolean"}}
                },
                "children": {"type": "array", "items": {"$ref": "#/$defs/component"}}
              }
            },
            "image": {"type": "object", "required": ["uri"], "properties": {"uri": {"type": "string", "pattern": "^https://", "format": "uri"}}}
          }
        }
        """

    /// A `{"body":[...]}` feed of about `size` bytes, produced piece by piece and never stored:
    /// blocks of 128 components of about 1 KB, each with two levels of `children`; with
    /// `breaksLast`, the last component's category is not one the schema allows.
    struct Feed {
        static let componentsPerBlock = 128
        private var feed: RepeatedBlockFeed
        private let breaksLast: Bool
        private var ended = false
        var componentCount: Int { feed.blocks * Self.componentsPerBlock + (breaksLast ? 1 : 0) }

        static func component(_ index: Int, category: String = "row", children: String = "[]") -> String {
            #"{"id":\#(index),"component":{"id":"hub:row","category":"\#(category)"},"#
                + #""text":{"title":"Row \#(index) \u00e9","subtitle":"\#(String(repeating: "lorem ipsum ", count: 30))"},"#
                + #""images":{"main":{"uri":"https://example.com/\#(index).png"}},"#
                + #""metadata":{"scores":[1,2.5,-3e2],"flag":true},"children":\#(children)}"#
        }

        init(size: Int, breaksLast: Bool) {
            let leaf = Self.component(0, category: "card")
            let middle = Self.component(1, category: "carousel", children: "[\(leaf),\(leaf)]")
            let block = (0..<Self.componentsPerBlock).map { Self.component($0, children: "[\(middle)]") }
            feed = RepeatedBlockFeed(size: size, opening: #"{"body":["#, block: block.joined(separator: ","))
            self.breaksLast = breaksLast
        }

        mutating func next() -> [UInt8]? {
            guard let piece = feed.next() else { return nil }
            // The closing `]}` comes last: the broken component goes before it.
            if breaksLast, !ended, piece == Array("]}".utf8) {
                ended = true
                return Array(("," + Self.component(7, category: "banner") + "]}").utf8)
            }
            return piece
        }
    }

    @Test(
        "validate --schema over 1 GB on stdin keeps the child's peak RSS under 48 MB, and finds the last component's error",
        .enabled(
            if: SiftBinary.release != nil, "needs a release sift: make test builds it and sets SIFT_RELEASE_BINARY"))
    func oneGigabyteOnStdin() throws {
        let binary = try #require(SiftBinary.release)
        let directory = try TemporaryDirectory()
        let schema = try directory.write("feed.schema.json", Self.schema)
        var feed = Feed(size: 1 << 30, breaksLast: true)
        let last = feed.componentCount - 1
        let result = try SiftProcess.run(
            ["validate", "--schema", schema, "--assert-format"], binary: binary, stdin: .generator { feed.next() },
            samplesMemory: true)
        #expect(result.status == 1)
        #expect(result.stdout.isEmpty)
        #expect(result.bytesFed >= 1 << 30 - (1 << 20))
        let lines = result.stderrText.split(separator: "\n")
        #expect(lines.count == 1, "\(result.stderrText.prefix(2000))")
        #expect(
            lines.first?.hasSuffix(
                #"error: $.body[\#(last)].component.category: expected one of "row", "card", "carousel", found the string "banner" [#/$defs/component/properties/component/properties/category/enum]"#
            ) == true, "\(result.stderrText.prefix(2000))")
        #expect(result.peakMemory < 48 << 20, "peak RSS \(result.peakMemory >> 20) MB")
    }

    @Test(
        "the debug build validates 16 MB on stdin in bounded memory too",
        .disabled(
            if: ProcessInfo.processInfo.environment["SIFT_SANITIZER"] != nil,
            "a peak RSS bound: AddressSanitizer's shadow memory and quarantine (make sanitize) exceed it"))
    func debugBuildStreams() throws {
        let directory = try TemporaryDirectory()
        let schema = try directory.write("feed.schema.json", Self.schema)
        var feed = Feed(size: 16 << 20, breaksLast: false)
        let result = try SiftProcess.run(
            ["validate", "--schema", schema], stdin: .generator { feed.next() }, samplesMemory: true)
        #expect(result.status == 0, "\(result.stderrText.prefix(2000))")
        #expect(result.stderr.isEmpty)
        #expect(result.peakMemory < 48 << 20, "peak RSS \(result.peakMemory >> 20) MB")
    }
}
