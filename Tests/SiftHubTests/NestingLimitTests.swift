import Foundation
import Sift
import SiftHub
import Testing

/// The bound on the nesting of Hub models (``HubNestingError/maximumDepth``).
///
/// Hub models are built, normalized, named, written and destroyed recursively: a document at the
/// limit works in every form, on a small stack too, and one a level deeper is an error at the
/// model that goes too deep, never a crash. The parser's own limit is raised where it must be.
@Suite("Hub model nesting")
struct NestingLimitTests {
    /// A body of one component whose children chain `count` components deep in all: the deepest
    /// model is at nesting `count + 1` (the root view model is at 1).
    static func chain(_ count: Int) -> String {
        var text = #"{"title":"deep","body":["#
        for level in 0..<count {
            text += #"{"id":"c\#(level)","text":{"title":"t\#(level)"}"#
            text += level < count - 1 ? #","children":["# : "}"
        }
        return text + String(repeating: "]}", count: count - 1) + "]}"
    }

    /// The byte offset (0-based) of the opening brace of component `level` in ``chain(_:)``.
    static func offset(ofComponent level: Int, in text: String) -> Int {
        let marker = Array(#"{"id":"c\#(level)""#.utf8)
        let bytes = Array(text.utf8)
        return bytes.indices.first { bytes[$0...].starts(with: marker) }!
    }

    static let options = JSONParserOptions(maximumDepth: 100_000)
    static let allowed = HubNestingError.maximumDepth - 1

    /// How many components deep a list goes, walked without recursion.
    static func depth(of components: [ComponentModel]) -> Int {
        var depth = 0
        var level = components
        while let first = level.first {
            depth += 1
            level = first.children
        }
        return depth
    }

    @Test("the deepest allowed nesting builds, is named, written and read back")
    func atTheLimit() throws {
        let text = Self.chain(Self.allowed)
        let viewModel = try ViewModel(parsing: .string(text), options: Self.options)
        #expect(Self.depth(of: viewModel.bodyComponents) == Self.allowed)
        let written = viewModel.jsonValue
        let again = try ViewModel(jsonValue: written)
        #expect(again == viewModel)
        #expect(try ViewModel(jsonValue: JSONValue(parsing: text, options: Self.options)) == viewModel)
    }

    @Test("the deepest allowed nesting is parsed, written, compared and released on a 512 KB stack")
    func atTheLimitOnASmallStack() async throws {
        let text = Self.chain(Self.allowed)
        let outcome: Result<Int, any Error> = await withCheckedContinuation { continuation in
            let thread = Thread {
                continuation.resume(
                    returning: Result {
                        let viewModel = try ViewModel(parsing: .string(text), options: Self.options)
                        let again = try ViewModel(jsonValue: viewModel.jsonValue)
                        return again == viewModel ? Self.depth(of: again.bodyComponents) : -1
                    })
            }
            thread.stackSize = 512 << 10
            thread.start()
        }
        #expect(try outcome.get() == Self.allowed)
    }

    @Test("the deepest allowed nesting streams as one component, on one thread and on two")
    func streamedAtTheLimit() async throws {
        let text = Self.chain(Self.allowed)
        var streamed: [ComponentModel] = []
        for try await component in HubSchema.default.components(in: .string(text), options: Self.options) {
            streamed.append(component)
        }
        #expect(Self.depth(of: streamed) == Self.allowed)
        var parallel: [ComponentModel] = []
        for try await component in HubSchema.default.components(
            in: .string(text), parallelism: 2, options: Self.options)
        {
            parallel.append(component)
        }
        #expect(parallel == streamed)
    }

    @Test("one level deeper is an error at the component that goes too deep", arguments: [1, 7, 64 * 1024])
    func oneDeeper(chunkSize: Int) async throws {
        let text = Self.chain(Self.allowed + 1)
        let error = try await #require(throws: JSONParseError.self) {
            try await ViewModel(parsing: chunks(text, size: chunkSize), options: Self.options)
        }
        #expect(error.underlyingError as? HubNestingError == HubNestingError())
        #expect(error.message == HubNestingError().description)
        #expect(error.location.offset == Self.offset(ofComponent: Self.allowed, in: text))
        #expect(throws: HubNestingError()) {
            try ViewModel(jsonValue: JSONValue(parsing: text, options: Self.options))
        }
    }

    @Test("a million levels of children stop at the limit, streamed and on two threads")
    func farDeeper() async throws {
        let text = Self.chain(1_000_000)
        let options = JSONParserOptions(maximumDepth: 3_000_000)
        let error = try #require(throws: JSONParseError.self) {
            try ViewModel(parsing: .string(text), options: options)
        }
        #expect(error.underlyingError is HubNestingError)
        await #expect(throws: JSONParseError.self) {
            for try await _ in HubSchema.default.components(in: .string(text), options: options) {}
        }
        await #expect(throws: JSONParseError.self) {
            for try await _ in HubSchema.default.components(in: .string(text), parallelism: 2, options: options) {}
        }
    }

    @Test("nesting through a target's view model counts every model on the way")
    func throughTargets() throws {
        // Each level: a component, its target, the target's view model: three models.
        let levels = HubNestingError.maximumDepth / 3 + 1
        var text = ""
        for level in 0..<levels { text += #"{"id":"c\#(level)","target":{"view":{"body":["# }
        text += #"{"id":"leaf"}"#
        for _ in 0..<levels { text += "]}}}" }
        let document = #"{"body":["# + text + "]}"
        let error = try #require(throws: JSONParseError.self) {
            try ViewModel(parsing: .string(document), options: Self.options)
        }
        #expect(error.underlyingError is HubNestingError)
    }
}
