import Foundation
import Testing

@testable import Sift
@testable import SiftHub

/// `HubSchema.components(in:parallelism:options:)` hands out the components, identifiers and
/// errors of the one-thread `components(in:options:)`, in the same order, whatever the block
/// size and the number of threads.
@Suite("Body components on several threads")
struct ParallelComponentsTests {
    /// A root view model whose body components have escapes, brackets and quotes in strings,
    /// children, targets, captured dictionaries, and no identifier every third one.
    static func feed(count: Int, seed: Int = 0) -> String {
        let body = (0..<count).map { index -> String in
            let identifier = index % 3 == 1 ? "" : #""id":"c\#(index + seed)","#
            let children = index % 4 == 0 ? #","children":[{"id":"k\#(index)"},{}]"# : ""
            let metadata = #""metadata":{"n":\#(index),"ok":true,"l":[1,{"x":null}]}"#
            return #"{\#(identifier)"text":{"title":"T\#(index) \"]},[{\" \\ é 東京","subtitle":"s"},"#
                + #""target":{"uri":"https://e.com/\#(index)?a=[1]"},\#(metadata)\#(children)}"#
        }
        let components = body.joined(separator: ",\n ")
        return #"{"id":"root","title":"t","header":{"id":"h"},"body":[\#(components)],"custom":{"k":[1,2]}}"#
    }

    /// The one-thread components of `input`, and how they ended.
    static func sequential(_ input: JSONInput) async -> ([ComponentModel], String?) {
        var components: [ComponentModel] = []
        do {
            for try await component in HubSchema.default.components(in: input) { components.append(component) }
        } catch {
            return (components, "\(error)")
        }
        return (components, nil)
    }

    /// The components of `input` on `parallelism` threads, in blocks cut at `blockSize` bytes.
    static func parallel(_ input: JSONInput, parallelism: Int, blockSize: Int) async -> ([ComponentModel], String?) {
        var components: [ComponentModel] = []
        let stream = ComponentModelParallelStream(
            schema: .default, input: input, parallelism: parallelism, options: JSONParserOptions(), blockSize: blockSize
        )
        do {
            for try await component in stream { components.append(component) }
        } catch {
            return (components, "\(error)")
        }
        return (components, nil)
    }

    @Test("the same components and identifiers for every block size and thread count")
    func sameComponents() async throws {
        let text = Self.feed(count: 60)
        let expected = await Self.sequential(.string(text))
        #expect(expected.0.count == 60 && expected.1 == nil)
        #expect(expected.0.map(\.identifier).prefix(3) == ["c0", "body-1", "c2"])
        for parallelism in 1...4 {
            for blockSize in [1, 100, 700, 1 << 20] {
                let found = await Self.parallel(.string(text), parallelism: parallelism, blockSize: blockSize)
                #expect(found.0 == expected.0, "\(parallelism) threads, blocks of \(blockSize)")
                #expect(found.1 == nil)
            }
        }
    }

    @Test("a file, and the public form")
    func file() async throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("sift-hub-parallel-\(UUID()).json")
        try Data(Self.feed(count: 3_000).utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let expected = await Self.sequential(.file(url.path))
        var found: [ComponentModel] = []
        for try await component in HubSchema.default.components(in: .file(url.path), parallelism: 2) {
            found.append(component)
        }
        #expect(found == expected.0)
        #expect(found.count == 3_000)
    }

    @Test("errors at the start, in the middle and at the end: the components before them, then the same error")
    func errors() async {
        let text = Self.feed(count: 40)
        let body = text.range(of: #""body":["#)!.upperBound
        let middle = text.range(of: #""c21","#)!.upperBound
        let damaged = [
            text.replacingCharacters(in: body..<body, with: "x"),
            text.replacingCharacters(in: middle..<middle, with: #""text":}"#),
            String(text.dropLast(30)),
            text.replacingOccurrences(of: #""c30""#, with: "12"),
            text + " [",
        ]
        for (index, text) in damaged.enumerated() {
            let expected = await Self.sequential(.string(text))
            // The fourth gives an identifier a number, which the schema may take.
            #expect(expected.1 != nil || index == 3)
            for blockSize in [1, 300, 1 << 20] {
                let found = await Self.parallel(.string(text), parallelism: 3, blockSize: blockSize)
                #expect(found.0 == expected.0, "blocks of \(blockSize)")
                #expect(found.1 == expected.1, "blocks of \(blockSize)")
            }
        }
    }

    @Test("a root array, and several values, run on one thread with the same result")
    func unsplit() async throws {
        let array = #"[{"id":"a"},{},{"id":"c","children":[{}]}]"#
        var options = JSONParserOptions()
        options.allowsMultipleValues = true
        let values = Self.feed(count: 5) + "\n" + Self.feed(count: 4, seed: 100)
        let expectedArray = await Self.sequential(.string(array))
        let foundArray = await Self.parallel(.string(array), parallelism: 2, blockSize: 1)
        #expect(foundArray.0 == expectedArray.0 && foundArray.1 == expectedArray.1)
        #expect(foundArray.0.map(\.identifier) == ["a", "body-1", "c"])
        var expectedValues: [ComponentModel] = []
        for try await component in HubSchema.default.components(in: .string(values), options: options) {
            expectedValues.append(component)
        }
        var found: [ComponentModel] = []
        let stream = ComponentModelParallelStream(
            schema: .default, input: .string(values), parallelism: 2, options: options, blockSize: 1)
        for try await component in stream { found.append(component) }
        #expect(found == expectedValues)
        #expect(found.count == 9)
    }
}
