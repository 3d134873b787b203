import Sift
import Testing

@testable import SiftHub

/// Every parsing entry point takes the tokenizer's ``JSONParserOptions``.
@Suite("Parser options")
struct ParserOptionsTests {
    /// Depth 6 at its deepest (`[1]` inside `[…]` inside metadata inside a component inside body).
    static let deep = #"{"body": [{"id": "a", "metadata": {"x": [[1]]}}]}"#
    static let commented = """
        // the home page
        {"title": /* shown on top */ "Home", "body": [{"id": "x" // first
        , "text": {"title": "a // b /* c */"}}]}
        """

    static func depth(_ limit: Int) -> JSONParserOptions {
        JSONParserOptions(maximumDepth: limit)
    }

    static let comments = JSONParserOptions(allowsComments: true)

    /// The kind of the parse error `body` throws, or nil when it throws none.
    static func errorKind(_ body: () throws -> Void) -> JSONParseError.Kind? {
        do {
            try body()
            return nil
        } catch let error as JSONParseError {
            return error.kind
        } catch {
            return nil
        }
    }

    static func asyncErrorKind(_ body: () async throws -> Void) async -> JSONParseError.Kind? {
        do {
            try await body()
            return nil
        } catch let error as JSONParseError {
            return error.kind
        } catch {
            return nil
        }
    }

    @Test func theDepthLimitApplies() throws {
        #expect(try ViewModel(parsing: .string(Self.deep), options: Self.depth(6)).bodyComponents.count == 1)
        let kind = Self.errorKind { _ = try ViewModel(parsing: .string(Self.deep), options: Self.depth(5)) }
        #expect(kind == .depthLimitExceeded)
        let column = Self.errorColumn { _ = try ViewModel(parsing: .string(Self.deep), options: Self.depth(5)) }
        #expect(column == 42)
    }

    /// The column of the parse error `body` throws.
    static func errorColumn(_ body: () throws -> Void) -> Int? {
        do {
            try body()
        } catch let error as JSONParseError {
            return error.location.column
        } catch {}
        return nil
    }

    @Test func commentsAreAcceptedOnlyWhenAllowed() throws {
        let strict = Self.errorKind { _ = try ViewModel(parsing: .string(Self.commented)) }
        #expect(strict == .invalidSyntax)
        let viewModel = try ViewModel(parsing: .string(Self.commented), options: Self.comments)
        #expect(viewModel.navigationBarTitle == "Home")
        #expect(viewModel.bodyComponents.map(\.identifier) == ["x"])
        #expect(viewModel.bodyComponents.first?.title == "a // b /* c */")
    }

    @Test(arguments: [1, 2, 7, 4096])
    func chunkedInputTakesTheOptions(chunkSize: Int) async throws {
        let viewModel = try await ViewModel(parsing: chunks(Self.commented, size: chunkSize), options: Self.comments)
        #expect(viewModel.navigationBarTitle == "Home")
        #expect(viewModel.bodyComponents.first?.title == "a // b /* c */")
        let strict = await Self.asyncErrorKind {
            _ = try await ViewModel(parsing: chunks(Self.commented, size: chunkSize))
        }
        #expect(strict == .invalidSyntax)
        let deep = await Self.asyncErrorKind {
            _ = try await ViewModel(parsing: chunks(Self.deep, size: chunkSize), options: Self.depth(5))
        }
        #expect(deep == .depthLimitExceeded)
    }

    @Test func theCallbackStreamTakesTheOptions() async throws {
        var titles: [String?] = []
        try HubSchema.default.forEachComponent(in: .string(Self.commented), options: Self.comments) {
            titles.append($0.title)
        }
        #expect(titles == ["a // b /* c */"])
        #expect(
            Self.errorKind { try HubSchema.default.forEachComponent(in: .string(Self.commented)) { _ in } }
                == .invalidSyntax)
        let deep = Self.errorKind {
            try HubSchema.default.forEachComponent(in: .string(Self.deep), options: Self.depth(5)) { _ in }
        }
        #expect(deep == .depthLimitExceeded)

        var identifiers: [String] = []
        try await HubSchema.default.forEachComponent(in: chunks(Self.commented, size: 3), options: Self.comments) {
            identifiers.append($0.identifier)
        }
        #expect(identifiers == ["x"])
    }

    @Test func theComponentSequencesTakeTheOptions() async throws {
        var identifiers: [String] = []
        for try await component in HubSchema.default.components(in: .string(Self.commented), options: Self.comments) {
            identifiers.append(component.identifier)
        }
        for try await component in HubSchema.default.components(
            in: chunks(Self.commented, size: 5), options: Self.comments)
        {
            identifiers.append(component.identifier)
        }
        #expect(identifiers == ["x", "x"])
        let deep = await Self.asyncErrorKind {
            for try await _ in HubSchema.default.components(in: .string(Self.deep), options: Self.depth(5)) {}
        }
        #expect(deep == .depthLimitExceeded)
        let chunkedDeep = await Self.asyncErrorKind {
            for try await _ in HubSchema.default.components(in: chunks(Self.deep, size: 4), options: Self.depth(5)) {}
        }
        #expect(chunkedDeep == .depthLimitExceeded)
    }

    @Test func theBuilderTakesTheOptions() async throws {
        var builder = ViewModelBuilder(options: Self.comments)
        try builder.add(.string(Self.commented))
        try await builder.add(chunks: chunks(#"/* page 2 */ {"body": [{"id": "y"}]}"#, size: 2))
        #expect(builder.build().bodyComponents.map(\.identifier) == ["x", "y"])

        var strict = ViewModelBuilder(options: Self.depth(5))
        #expect(Self.errorKind { try strict.add(.string(Self.commented)) } == .invalidSyntax)
        #expect(Self.errorKind { try strict.add(.string(Self.deep)) } == .depthLimitExceeded)
        #expect(strict.build() == ViewModel())
    }

    @Test func severalValuesAreAddedAsPayloads() throws {
        let pages = """
            {"title": "Feed", "body": [{"id": "a", "text": {"title": "A"}}]}
            [{"id": "b"}, {"text": {"title": "anonymous"}}]
            {"title": "Feed 2", "body": [{"id": "a", "text": {"subtitle": "more"}}]}
            """
        let options = JSONParserOptions(allowsMultipleValues: true)
        let viewModel = try ViewModel(parsing: .string(pages), options: options)
        var builder = ViewModelBuilder()
        for page in pages.split(separator: "\n") { try builder.add(.string(String(page))) }
        #expect(viewModel == builder.build())
        #expect(viewModel.navigationBarTitle == "Feed 2")
        #expect(viewModel.bodyComponents.map(\.identifier) == ["a", "b", "body-2"])
        #expect(viewModel.bodyComponents.first?.subtitle == "more")

        var streamed: [String] = []
        try HubSchema.default.forEachComponent(in: .string(pages), options: options) { streamed.append($0.identifier) }
        #expect(streamed == ["a", "b", "body-2", "a"])

        #expect(Self.errorKind { _ = try ViewModel(parsing: .string(pages)) } == .invalidSyntax)
        let scalar = Self.errorKind { _ = try ViewModel(parsing: .string("{} 3"), options: options) }
        #expect(scalar == .consumerError)
    }
}

/// The push parser of body components.
@Suite("ComponentModelParser")
struct ComponentModelParserTests {
    struct Failure: Error, Equatable {}

    @Test(arguments: [1, 2, 7, 64, 100_000])
    func everySplitGivesTheStreamedComponents(chunkSize: Int) throws {
        var expected: [ComponentModel] = []
        try HubSchema.default.forEachComponent(in: .string(Fixtures.guideExample)) { expected.append($0) }
        var pushed: [ComponentModel] = []
        let parser = ComponentModelParser { pushed.append($0) }
        let bytes = Array(Fixtures.guideExample.utf8)
        for start in stride(from: 0, to: bytes.count, by: chunkSize) {
            try parser.feed(bytes[start..<min(start + chunkSize, bytes.count)])
        }
        try parser.finish()
        #expect(!expected.isEmpty)
        #expect(pushed == expected)
    }

    @Test func optionsErrorsAndTheClosuresErrorComeOut() throws {
        var identifiers: [String] = []
        let lenient = ComponentModelParser(options: ParserOptionsTests.comments) { identifiers.append($0.identifier) }
        try lenient.feed(Array(ParserOptionsTests.commented.utf8))
        try lenient.finish()
        #expect(identifiers == ["x"])

        let strict = ComponentModelParser { _ in }
        #expect(
            ParserOptionsTests.errorKind { try strict.feed(Array(ParserOptionsTests.commented.utf8)) } == .invalidSyntax
        )

        let incomplete = ComponentModelParser { _ in }
        try incomplete.feed(Array(#"[{"id":"a"}"#.utf8))
        #expect(ParserOptionsTests.errorKind { try incomplete.finish() } == .incompleteInput)

        let failing = ComponentModelParser { _ in throw Failure() }
        #expect(throws: Failure()) { try failing.feed(Array(#"[{"id":"a"},"#.utf8)) }
    }
}
