/// Several typed paths matched together in one pass over the input.
///
/// Add paths to collect their values (``add(_:)`` returns a handle to read them back), or to
/// receive each match as soon as its value is complete (``add(_:onMatch:)``). All paths compile
/// into one automaton; nothing that no path selects is materialised.
///
/// ```swift
/// var query = JSONQuery()
/// let titles = query.add(try JSONPath("$.body[*].text.title").string)
/// let ids = query.add(JSONPath.root.goTo("body").forEach().goTo("id").string)
/// let results = try query.run(.file("feed.json"))
/// print(results[titles], results.first(ids) ?? "none")
/// ```
public struct JSONQuery {
    /// Identifies the values of one added path in ``JSONQueryResults``.
    ///
    /// ```swift
    /// let handle: JSONQuery.Handle<String> = query.add(path.string)
    /// ```
    public struct Handle<Value>: Hashable, Sendable {
        let index: Int
    }

    /// Tokenizer options for every run.
    ///
    /// ```swift
    /// query.options.allowsMultipleValues = true
    /// ```
    public var options: JSONParserOptions

    /// The order matches are delivered in: RFC 9535 order (the default), or each match as soon
    /// as it is complete, in memory bounded by the largest match (see ``ResultOrder``).
    ///
    /// ```swift
    /// query.resultOrder = .streaming
    /// ```
    public var resultOrder = ResultOrder.rfc9535

    var slots: [any QuerySlotFactory] = []
    var paths: [(path: JSONPath, kind: DestinationKind)] = []

    /// Creates an empty query.
    ///
    /// ```swift
    /// var query = JSONQuery(options: JSONParserOptions(allowsMultipleValues: true))
    /// ```
    public init(options: JSONParserOptions = JSONParserOptions()) {
        self.options = options
    }

    /// Adds a path whose valid values are collected in document order (per alternative of a
    /// combined path, in combination order).
    ///
    /// The values are `Sendable`, so that ``JSONQueryResults`` can cross tasks; collect values
    /// of another type with ``collect(_:from:options:)`` or a callback (``add(_:onMatch:)``).
    ///
    /// ```swift
    /// let names = query.add(JSONPath.root.goTo("users").forEach().goTo("name").string)
    /// ```
    @discardableResult
    public mutating func add<Value: Sendable>(_ path: TypedJSONPath<Value>) -> Handle<Value> {
        addCollecting(path)
    }

    /// Adds a collected path of any value type (the results never leave the module).
    mutating func addCollecting<Value>(_ path: TypedJSONPath<Value>) -> Handle<Value> {
        slots.append(CollectingSlotFactory(destination: path.destination))
        paths.append((path.path, path.destination.kind))
        return Handle(index: slots.count - 1)
    }

    /// Adds a path whose matches are handed to `onMatch` as soon as each value is complete (for
    /// a combined path, when the document ends, in combination order).
    ///
    /// ```swift
    /// query.add(JSONPath.root.goTo("events").forEach().value) { match in print(match.value) }
    /// ```
    public mutating func add<Value>(_ path: TypedJSONPath<Value>, onMatch: @escaping (JSONMatch<Value>) throws -> Void)
    {
        slots.append(
            CallbackSlotFactory(
                destination: path.destination, alternatives: path.path.alternatives.count, body: onMatch))
        paths.append((path.path, path.destination.kind))
    }

    func compile() -> CompiledPaths {
        let automaton = PathAutomaton()
        automaton.resultOrder = resultOrder
        for (index, entry) in paths.enumerated() {
            automaton.addMatch(entry.path, kind: entry.kind, tag: index)
        }
        return CompiledPaths(automaton)
    }

    func makeMatcher() -> PathMatcher<QueryConsumer> {
        PathMatcher(paths: compile(), receiver: QueryConsumer(slots: slots.map { $0.make() }))
    }

    /// Runs the query over an input and returns the collected values.
    ///
    /// Throws ``JSONParseError`` for invalid input, or the error a callback threw.
    ///
    /// ```swift
    /// let results = try query.run(.standardInput)
    /// ```
    @discardableResult
    public func run(_ input: JSONInput) throws -> JSONQueryResults {
        let tokenizer = JSONTokenizer(options: options, handler: makeMatcher())
        try JSONParseError.unwrappingConsumerErrors { try tokenizer.parse(input) }
        return JSONQueryResults(slots: tokenizer.handler.receiver.slots)
    }

    /// Runs the query over an asynchronous sequence of byte chunks (a download, a pipe).
    ///
    /// ```swift
    /// let results = try await query.run(chunks: response.body)
    /// ```
    @discardableResult
    public func run<Chunks: AsyncSequence>(chunks: Chunks) async throws -> JSONQueryResults
    where Chunks.Element: Sequence<UInt8> {
        let tokenizer = JSONTokenizer(options: options, handler: makeMatcher())
        do {
            try await tokenizer.parse(chunks)
        } catch let error as JSONParseError {
            throw error.consumerThrownError
        }
        return JSONQueryResults(slots: tokenizer.handler.receiver.slots)
    }

    /// The values of one path over an input.
    ///
    /// ```swift
    /// let titles = try JSONQuery.collect(try JSONPath("$.body[*].text.title").string, from: .file("feed.json"))
    /// ```
    public static func collect<Value>(
        _ path: TypedJSONPath<Value>, from input: JSONInput, options: JSONParserOptions = JSONParserOptions()
    ) throws -> [Value] {
        var query = JSONQuery(options: options)
        let handle = query.addCollecting(path)
        return try query.run(input)[handle]
    }
}

/// The values a ``JSONQuery`` run collected.
///
/// `Sendable`: the values are (``JSONQuery/add(_:)`` requires it) and nothing changes them after
/// the run, so the results of a query run on another task come back whole:
///
/// ```swift
/// let results = try await Task.detached { try query.run(.file("feed.json")) }.value
/// ```
///
/// ```swift
/// let results = try query.run(input)
/// results[titles]        // every title
/// results.first(titles)  // the first valid one
/// ```
public struct JSONQueryResults: @unchecked Sendable {
    /// Read-only after the run; every value in them is `Sendable` when the results are public
    /// (``JSONQuery/add(_:)`` requires it; the unconstrained `addCollecting(_:)` is used only
    /// inside functions that return the values alone).
    let slots: [any QuerySlot]

    /// All valid values of a path: combination order, then document order.
    ///
    /// ```swift
    /// let all: [String] = results[titles]
    /// ```
    public subscript<Value>(handle: JSONQuery.Handle<Value>) -> [Value] {
        // The type was checked just above.
        // swift-format-ignore: NeverForceUnwrap
        (slots[handle.index] as! CollectingSlot).values(as: Value.self)
    }

    /// The first valid value of a path, or nil when it found none: the optional form of
    /// ``value(_:)-(JSONQuery.Handle<Int>)``, which answers a default instead.
    ///
    /// ```swift
    /// let title: String? = results.first(titles)
    /// ```
    public func first<Value>(_ handle: JSONQuery.Handle<Value>) -> Value? {
        self[handle].first
    }
}

extension JSONQueryResults {
    /// A missing value gives 0 (the Hub Framework's default): the first integer of a path, or 0
    /// when the path found none; ``first(_:)`` answers nil instead.
    ///
    /// ```swift
    /// let count: Int = results.value(countHandle)   // 0 when there is no count
    /// let known: Int? = results.first(countHandle)  // nil when there is no count
    /// ```
    public func value(_ handle: JSONQuery.Handle<Int>) -> Int { first(handle) ?? 0 }

    /// A missing value gives false (the Hub Framework's default): the first boolean of a path, or
    /// false when the path found none; ``first(_:)`` answers nil instead.
    ///
    /// ```swift
    /// let enabled: Bool = results.value(enabledHandle)   // false when absent
    /// let known: Bool? = results.first(enabledHandle)    // nil when absent
    /// ```
    public func value(_ handle: JSONQuery.Handle<Bool>) -> Bool { first(handle) ?? false }
}

// MARK: - Receiving

protocol QuerySlotFactory {
    func make() -> any QuerySlot
}

protocol QuerySlot: AnyObject {
    /// Whether matches need their path, computed before delivery.
    var needsPaths: Bool { get }
    /// Whether matches need their location, computed before delivery.
    var needsLocations: Bool { get }
    /// Whether matches may need their path and location (callbacks): scalars get them on demand.
    var mayNeedLocations: Bool { get }
    /// Whether the slot may hold matches until the document ends (a combined path): only such
    /// slots are told of each document's end.
    var holdsMatches: Bool { get }
    func receive(_ value: CapturedMatch, alternative: Int, info: MatchInfo, stopper: StopSignal) throws
    func endDocument(stopper: StopSignal) throws
}

extension QuerySlot {
    var needsPaths: Bool { needsLocations }
    var mayNeedLocations: Bool { needsLocations }
}

struct CollectingSlotFactory<Value>: QuerySlotFactory {
    let destination: Destination<Value>
    func make() -> any QuerySlot {
        CollectingSlot(kind: destination.kind, collect: destination.collect, store: ValueStore<Value>())
    }
}

/// Collects a path's values.
///
/// Not generic: the conversion and the typed store come from the destination, so a value costs no
/// generic metadata lookup.
final class CollectingSlot: QuerySlot {
    let kind: DestinationKind
    let collect: @Sendable (CapturedMatch, MatchInfo, Int, ValueStoreBase) throws -> Void
    let store: ValueStoreBase

    init(
        kind: DestinationKind,
        collect: @escaping @Sendable (CapturedMatch, MatchInfo, Int, ValueStoreBase) throws -> Void,
        store: ValueStoreBase
    ) {
        self.kind = kind
        self.collect = collect
        self.store = store
    }

    var needsLocations: Bool { false }
    /// A decoding error names where its value is: the conversion runs during the delivery, so
    /// the place is computed then, and only for an error.
    var mayNeedLocations: Bool { kind == .decoded }

    func values<Value>(as type: Value.Type) -> [Value] {
        // The type was checked just above.
        // swift-format-ignore: NeverForceUnwrap
        (store as! ValueStore<Value>).values
    }

    func receive(_ value: CapturedMatch, alternative: Int, info: MatchInfo, stopper: StopSignal) throws {
        try collect(value, info, alternative, store)
    }

    var holdsMatches: Bool { false }

    func endDocument(stopper: StopSignal) throws {}
}

struct CallbackSlotFactory<Value>: QuerySlotFactory {
    let destination: Destination<Value>
    let alternatives: Int
    let body: (JSONMatch<Value>) throws -> Void
    func make() -> any QuerySlot { CallbackSlot(delivery: destination.makeDeliver(body), alternatives: alternatives) }
}

final class CallbackSlot: QuerySlot {
    let delivery: MatchDelivery
    let alternatives: Int
    /// Held matches of a combined path, released in combination order when the document ends.
    var held: [[() throws -> Void]] = []

    init(delivery: MatchDelivery, alternatives: Int) {
        self.delivery = delivery
        self.alternatives = alternatives
    }

    var holdsMatches: Bool { alternatives > 1 }

    var needsLocations: Bool { false }
    var mayNeedLocations: Bool { true }

    func receive(_ value: CapturedMatch, alternative: Int, info: MatchInfo, stopper: StopSignal) throws {
        if alternatives == 1 {
            try delivery.now(value, info, stopper)
        } else if let call = try delivery.later(value, info, stopper) {
            while held.count <= alternative { held.append([]) }
            held[alternative].append(call)
        }
    }

    func endDocument(stopper: StopSignal) throws {
        let batches = held
        held = []
        for batch in batches {
            for call in batch where !stopper.isRaised { try call() }
        }
    }
}

/// Hands a query's matches to its slots, by the index of their path.
struct QueryConsumer: MatchConsumer {
    let slots: [any QuerySlot]
    /// The slots that may hold matches until a document ends: with NDJSON a document ends on
    /// every line, and most queries have none.
    let holdingSlots: [any QuerySlot]
    let stopper = StopSignal()
    let wantsPaths: Bool
    let wantsLocations: Bool
    let wantsPlacesOnDemand: Bool

    init(slots: [any QuerySlot]) {
        self.slots = slots
        holdingSlots = slots.filter(\.holdsMatches)
        wantsPaths = slots.contains { $0.needsPaths }
        wantsLocations = slots.contains { $0.needsLocations }
        wantsPlacesOnDemand = slots.contains { $0.mayNeedLocations }
    }

    var stopRequested: Bool { stopper.isRaised }

    mutating func receive(_ value: MatchedValue, at destination: MatchDestination, scope: Int, info: MatchInfo) throws {
        try slots[destination.tag].receive(
            .matched(value), alternative: destination.alternative, info: info, stopper: stopper)
    }

    var wantsTapes: Bool { true }

    mutating func receiveTape(_ tape: JSONTape, at destination: MatchDestination, scope: Int, info: MatchInfo) throws {
        try slots[destination.tag].receive(
            .tape(tape), alternative: destination.alternative, info: info, stopper: stopper)
    }

    mutating func endDocument() throws {
        for slot in holdingSlots { try slot.endDocument(stopper: stopper) }
    }
}
