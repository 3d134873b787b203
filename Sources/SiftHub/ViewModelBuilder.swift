import Sift

/// Builds one view model from several JSON payloads, added one after another (the pages of a
/// feed, a cached copy and then a fresh one).
///
/// Each payload adds to what is there: what it does not mention is kept; `metadata`, `logging`
/// and `custom` dictionaries merge shallowly with new keys winning; body, overlay and child
/// components with the same identifier merge into one (recursively, with the same rules); new
/// components are appended in order. A payload that fails to parse changes nothing.
///
/// ```swift
/// var builder = ViewModelBuilder()
/// try builder.add(.string(#"{"title":"Feed","body":[{"id":"a","text":{"title":"A"}}]}"#))
/// try builder.add(.string(#"{"body":[{"id":"a","text":{"subtitle":"new"}},{"id":"b"}]}"#))
/// let viewModel = builder.build()
/// viewModel.navigationBarTitle                  // "Feed"
/// viewModel.bodyComponents.map(\.identifier)    // ["a", "b"]
/// viewModel.bodyComponents[0].title             // "A"
/// viewModel.bodyComponents[0].subtitle          // "new"
/// ```
public struct ViewModelBuilder: Sendable {
    /// The schema every added payload is parsed with.
    ///
    /// ```swift
    /// let builder = ViewModelBuilder(schema: mySchema)
    /// builder.schema.component.title?.description
    /// ```
    public let schema: HubSchema

    /// The tokenizer settings every added payload is parsed with (depth limit, comments, several
    /// top-level values: each one is a payload of its own).
    ///
    /// ```swift
    /// let builder = ViewModelBuilder(options: JSONParserOptions(allowsComments: true))
    /// builder.options.allowsComments // true
    /// ```
    public let options: JSONParserOptions

    private var accumulated = ViewModel()
    private var indexes = HubMergeIndexes(keeps: true)

    /// Creates an empty builder that parses payloads with `schema` and the tokenizer `options`.
    ///
    /// ```swift
    /// var builder = ViewModelBuilder(schema: .default)
    /// var lenient = ViewModelBuilder(options: JSONParserOptions(maximumDepth: 64, allowsComments: true))
    /// ```
    public init(schema: HubSchema = .default, options: JSONParserOptions = JSONParserOptions()) {
        self.schema = schema
        self.options = options
    }

    /// Parses a JSON payload and adds it.
    ///
    /// Throws like ``ViewModel/init(parsing:schema:options:)-(JSONInput,_,_)``; the builder is then unchanged.
    ///
    /// ```swift
    /// for page in pages { try builder.add(.data(page)) }
    /// ```
    public mutating func add(_ input: JSONInput) throws {
        add(raw: try HubParse.run(input, schema: schema, options: options))
    }

    /// Parses a JSON payload arriving as asynchronous chunks and adds it.
    ///
    /// ```swift
    /// try await builder.add(chunks: response.body)
    /// ```
    public mutating func add<Chunks: AsyncSequence>(chunks: Chunks) async throws where Chunks.Element: Sequence<UInt8> {
        add(raw: try await HubParse.run(chunks: chunks, schema: schema, options: options))
    }

    /// Adds a JSON value already in memory, as a payload.
    ///
    /// ```swift
    /// try builder.add(jsonValue: cachedValue)
    /// ```
    public mutating func add(jsonValue: JSONValue) throws {
        add(raw: try ViewModel.raw(jsonValue: jsonValue, schema: schema))
    }

    /// Adds a view model, with the same rules as a payload (its components with generated
    /// identifiers are appended, never merged).
    ///
    /// ```swift
    /// builder.add(ViewModel(navigationBarTitle: "Offline"))
    /// ```
    public mutating func add(_ viewModel: ViewModel) {
        add(raw: viewModel)
    }

    /// Everything added so far, before identifiers are generated.
    var accumulatedRoot: ViewModel {
        accumulated
    }

    private mutating func add(raw: ViewModel) {
        var payload = raw
        payload.normalize()
        accumulated.merge(payload, indexes: &indexes)
    }

    /// The view model of everything added so far, with an identifier for every component.
    ///
    /// ```swift
    /// let viewModel = builder.build()
    /// ```
    public func build() -> ViewModel {
        var viewModel = accumulated
        GeneratedIdentifiers.assign(in: &viewModel)
        return viewModel
    }
}
