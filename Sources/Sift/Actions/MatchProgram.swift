/// Paths and scopes compiled together into one program of destinations: the seam model builders
/// are written on (SiftHub, SiftMapping, SiftHTTP, the `sift` tool, and yours).
///
/// A *destination* is a value of a kind at a path (``Builder/addMatch(_:kind:tag:program:)``);
/// a *scope* is a container at a path in which another sub-program runs, entered when it opens
/// and left when it closes (``Builder/addScope(_:childProgram:tag:program:)``), so a nested
/// model is built from its own relative paths, at any depth, recursively if need be. Sub-program
/// 0 runs on the document root. A run (``run(_:consumer:options:)``, `elements(in:options:consumer:)`)
/// delivers the matches to a ``MatchConsumer`` in its own terms: the tag given to the path, and
/// the consumer's own scope identifiers.
///
/// ```swift
/// let program = try MatchProgram { builder in
///     let item = builder.addProgram()
///     try builder.addScope(JSONPath("$.items[*]"), childProgram: item, tag: 0)
///     try builder.addMatch(JSONPath("$.name"), kind: .string, tag: 1, program: item)
/// }
/// let names = try program.run(.file("items.json"), consumer: Names()).names
/// ```
///
/// Compiled once, a program is immutable and `Sendable`: runs on many tasks share it.
public struct MatchProgram: Sendable {
    let paths: CompiledPaths

    /// Why the program cannot run over a stream: the first scope path with a filter selector (a
    /// model cannot wait for its filter), which was not compiled; nil when every path streams.
    ///
    /// ```swift
    /// if let error = program.streamingError { throw error }
    /// ```
    public let streamingError: JSONPathStreamingError?

    /// Compiles what `build` adds to a fresh builder.
    ///
    /// ```swift
    /// let program = try MatchProgram { try $0.addMatch(JSONPath("$.title"), kind: .string, tag: 0) }
    /// ```
    public init(_ build: (Builder) throws -> Void) rethrows {
        let builder = Builder()
        try build(builder)
        self.init(builder)
    }

    /// Compiles what was added to `builder`.
    ///
    /// ```swift
    /// let builder = MatchProgram.Builder()
    /// builder.addMatch(JSONPath.root.goTo("id"), kind: .integer, tag: 0)
    /// let program = MatchProgram(builder)
    /// ```
    public init(_ builder: Builder) {
        paths = CompiledPaths(builder.automaton)
        streamingError = builder.automaton.streamingError
    }

    /// Collects the destinations and scopes of a program before it is compiled.
    ///
    /// A class: a schema adds to it from recursive functions that each see the same program.
    ///
    /// ```swift
    /// let builder = MatchProgram.Builder()
    /// let person = builder.addProgram()
    /// builder.addScope(JSONPath.root.goTo("people").forEach(), childProgram: person, tag: 0)
    /// builder.addMatch(JSONPath.root.goTo("name"), kind: .string, tag: 1, program: person)
    /// ```
    public final class Builder {
        let automaton = PathAutomaton()

        /// An empty builder with one sub-program, the document root (0).
        ///
        /// ```swift
        /// let builder = MatchProgram.Builder()
        /// ```
        public init() {}

        /// Adds an empty sub-program and returns its number, for scopes to run.
        ///
        /// ```swift
        /// let component = builder.addProgram()  // 1, 2, ...
        /// ```
        @discardableResult
        public func addProgram() -> Int {
            automaton.addProgram()
        }

        /// Adds a destination: the values of `kind` at `path`, relative to each value
        /// `program` runs on, delivered with `tag`.
        ///
        /// A combined path (``JSONPath/combine(with:)``) delivers each alternative's values with
        /// its number (``MatchDestination/alternative``).
        ///
        /// ```swift
        /// builder.addMatch(JSONPath.root.goTo("title"), kind: .string, tag: 0, program: component)
        /// ```
        public func addMatch(_ path: JSONPath, kind: DestinationKind, tag: Int, program: Int = 0) {
            automaton.addMatch(path, kind: kind, tag: tag, program: program)
        }

        /// Adds a scope: each container at `path` (relative to each value `program` runs on)
        /// opens a scope in which `childProgram` runs, reported with `tag`
        /// (``MatchConsumer/beginScope(program:at:parent:isArray:info:)``).
        ///
        /// A path with a filter selector cannot be a scope: it is left out and
        /// ``MatchProgram/streamingError`` says so.
        ///
        /// ```swift
        /// builder.addScope(JSONPath.root.goTo("children").forEach(), childProgram: component, tag: 7, program: component)
        /// ```
        public func addScope(_ path: JSONPath, childProgram: Int, tag: Int, program: Int = 0) {
            automaton.addScope(path, childProgram: childProgram, tag: tag, program: program)
        }

        /// The order of the matches of the paths added from now on: RFC 9535's (the default),
        /// or each match as soon as it is complete.
        ///
        /// ```swift
        /// builder.resultOrder = .streaming
        /// ```
        public var resultOrder: JSONQuery.ResultOrder {
            get { automaton.resultOrder }
            set { automaton.resultOrder = newValue }
        }
    }
}
