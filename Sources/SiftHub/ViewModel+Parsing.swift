import Sift

extension ViewModel {
    /// Parses a view model from JSON with a schema (the default schema when none is given).
    ///
    /// A root object is the view model; a root array holds its body components; any other root
    /// throws a `JSONParseError` whose `JSONParseError.underlyingError` is a
    /// ``HubDocumentError``. Invalid JSON throws the engine's `JSONParseError`, with its location;
    /// so do models nested deeper than ``HubNestingError/maximumDepth`` (its `underlyingError`
    /// is a ``HubNestingError``). The document streams through the schema's compiled paths: no
    /// document tree is built.
    /// `options` sets the tokenizer's depth limit and leniency; with
    /// `JSONParserOptions.allowsMultipleValues` each top-level value is a payload, added in order
    /// with the rules of ``ViewModelBuilder``.
    /// Components sharing an identifier merge into one, and components without one get a
    /// generated identifier (see ``ComponentModel/hasGeneratedIdentifier``).
    /// A string is JSON text, never a file name: read a file with `.file(_:)`, and write JSON in
    /// code as `.json("…")`; `ViewModel(parsing: "home.json")` fails with a message saying that
    /// the text looks like a file name.
    ///
    /// ```swift
    /// let viewModel = try ViewModel(parsing: .file("home.json"))
    /// let literal = try ViewModel(parsing: .json(#"{"title": "Home"}"#))
    /// let fromBytes = try ViewModel(parsing: .bytes(body), schema: mySchema)
    /// let commented = try ViewModel(parsing: .file("home.jsonc"), options: JSONParserOptions(allowsComments: true))
    /// ```
    public init(
        parsing input: JSONInput, schema: HubSchema = .default, options: JSONParserOptions = JSONParserOptions()
    ) throws {
        self = HubParse.finished(try HubParse.run(input, schema: schema, options: options))
    }

    /// Parses a view model from an asynchronous sequence of byte chunks, such as an HTTP body,
    /// with the same rules as ``init(parsing:schema:options:)-(JSONInput,_,_)``.
    ///
    /// ```swift
    /// let viewModel = try await ViewModel(parsing: response.body, schema: .default)
    /// ```
    public init<Chunks: AsyncSequence>(
        parsing chunks: Chunks, schema: HubSchema = .default, options: JSONParserOptions = JSONParserOptions()
    ) async throws where Chunks.Element: Sequence<UInt8> {
        self = HubParse.finished(try await HubParse.run(chunks: chunks, schema: schema, options: options))
    }

    /// Builds a view model from a JSON value already in memory, with the same rules as
    /// ``init(parsing:schema:options:)-(JSONInput,_,_)``.
    ///
    /// ```swift
    /// let value = JSONValue.object(JSONObject([.init(key: "title", value: .string("Home"))]))
    /// try ViewModel(jsonValue: value).navigationBarTitle // "Home"
    /// ```
    public init(jsonValue: JSONValue, schema: HubSchema = .default) throws {
        self = HubParse.finished(try Self.raw(jsonValue: jsonValue, schema: schema))
    }

    /// The unfinished view model of a JSON value in memory.
    static func raw(jsonValue: JSONValue, schema: HubSchema) throws -> ViewModel {
        let parser = schema.compiled.memory
        switch jsonValue {
        case .object:
            return try parser.viewModel(object: jsonValue, nesting: 1)
        case .array(let elements):
            return ViewModel(
                bodyComponents: try elements.compactMap { element throws(HubNestingError) in
                    try parser.component(element, nesting: 2)
                })
        case .string, .number, .bool, .null: throw HubDocumentError(found: JSONValueKind(of: jsonValue).description)
        }
    }
}
