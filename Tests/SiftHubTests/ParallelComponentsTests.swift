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
        ) { $0 }
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

    /// A transform's refusal: thrown for the component whose identifier is `identifier`.
    struct Refusal: Error, Equatable {
        let identifier: String
    }

    /// The transformed components of `input` on `parallelism` threads, and how they ended;
    /// `refusing` names the identifiers whose transform throws.
    static func transformed(
        _ input: JSONInput, parallelism: Int, blockSize: Int, refusing: Set<String> = []
    ) async -> ([String], (any Error)?) {
        var lines: [String] = []
        let stream = ComponentModelParallelStream(
            schema: .default, input: input, parallelism: parallelism, options: JSONParserOptions(), blockSize: blockSize
        ) { component in
            if refusing.contains(component.identifier) { throw Refusal(identifier: component.identifier) }
            return "\(component.identifier) \(component.title ?? "-") \(component.children.map(\.identifier))"
        }
        do {
            for try await line in stream { lines.append(line) }
        } catch {
            return (lines, error)
        }
        return (lines, nil)
    }

    @Test("a transform on the blocks' threads: the values of the one-thread stream, transformed, in order")
    func transform() async throws {
        let text = Self.feed(count: 60)
        let (components, _) = await Self.sequential(.string(text))
        let expected = components.map { "\($0.identifier) \($0.title ?? "-") \($0.children.map(\.identifier))" }
        // Every third component has no identifier of its own, so some are named on the calling thread.
        #expect(expected.contains { $0.hasPrefix("body-") })
        for parallelism in 1...3 {
            for blockSize in [1, 500, 1 << 20] {
                let (found, error) = await Self.transformed(
                    .string(text), parallelism: parallelism, blockSize: blockSize)
                #expect(found == expected, "\(parallelism) threads, blocks of \(blockSize)")
                #expect(error == nil)
            }
        }
        var titles: [String] = []
        let titleStream = HubSchema.default.components(in: .string(text), parallelism: 2) { $0.title }
        for try await title in titleStream {
            titles.append(title ?? "")
        }
        #expect(titles == components.map { $0.title ?? "" })
    }

    @Test("the first error in document order ends a transformed stream: the transform's, as thrown, or the document's")
    func transformErrors() async throws {
        let text = Self.feed(count: 60)
        let (components, _) = await Self.sequential(.string(text))
        let lines = components.map { "\($0.identifier) \($0.title ?? "-") \($0.children.map(\.identifier))" }
        // c30 is transformed on a block's thread, body-40 (no identifier) on the calling thread;
        // with both refused, the first in document order is the error.
        for refusing in [["c30"], ["body-40"], ["c30", "body-40"], ["body-40", "c57"]] {
            let first = components.firstIndex { refusing.contains($0.identifier) }!
            for blockSize in [1, 500, 1 << 20] {
                let (found, error) = await Self.transformed(
                    .string(text), parallelism: 3, blockSize: blockSize, refusing: Set(refusing))
                #expect(found == Array(lines[..<first]), "\(refusing), blocks of \(blockSize)")
                #expect(error as? Refusal == Refusal(identifier: components[first].identifier))
            }
        }
        // A syntax error after c45: the components before it, then the document's error.
        let broken = text.replacingOccurrences(of: #""c48","#, with: #""c48",]"#)
        let expected = await Self.sequential(.string(broken))
        let (found, error) = await Self.transformed(.string(broken), parallelism: 2, blockSize: 300)
        #expect(found == expected.0.map { "\($0.identifier) \($0.title ?? "-") \($0.children.map(\.identifier))" })
        #expect(error.map { "\($0)" } == expected.1)
    }

    @Test("components named by place: in the blocks, and on one thread after an element that is no component")
    func placedComponents() async throws {
        // No component has an identifier of its own: each is named by its place in the stream.
        let unnamed = Self.feed(count: 80).replacingOccurrences(of: #""id":"c"#, with: #""ref":"c"#)
        let body = unnamed.range(of: #""body":["#)!.upperBound
        let late = unnamed.range(of: #""ref":"c51","#)!.lowerBound
        let lateElement = unnamed[..<late].range(of: "{", options: .backwards)!.lowerBound
        let feeds = [
            unnamed,
            // Elements that are no component shift the places of every component after them.
            unnamed.replacingCharacters(in: body..<body, with: #"null, 7, "x", "#),
            unnamed.replacingCharacters(in: lateElement..<lateElement, with: "[], "),
            // The same, then a syntax error further on.
            unnamed.replacingCharacters(in: lateElement..<lateElement, with: "false, ").replacingOccurrences(
                of: #""ref":"c70","#, with: #""ref":"c70",]"#),
        ]
        for text in feeds {
            let (components, error) = await Self.sequential(.string(text))
            #expect(components.filter { $0.identifier.hasPrefix("body-") }.count >= 60)
            let expected = components.map { "\($0.identifier) \($0.title ?? "-") \($0.children.map(\.identifier))" }
            for parallelism in [2, 3] {
                for blockSize in [1, 400, 1 << 20] {
                    let found = await Self.transformed(.string(text), parallelism: parallelism, blockSize: blockSize)
                    #expect(found.0 == expected, "\(parallelism) threads, blocks of \(blockSize)")
                    #expect(found.1.map { "\($0)" } == error)
                }
            }
        }
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
            schema: .default, input: .string(values), parallelism: 2, options: options, blockSize: 1
        ) { $0 }
        for try await component in stream { found.append(component) }
        #expect(found == expectedValues)
        #expect(found.count == 9)
    }
}
