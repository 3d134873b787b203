import Foundation

/// A path with a destination type: the values it selects that have that type.
///
/// Values of any other JSON type are dropped, silently per branch (the matcher can report them
/// as diagnostics). ``first(in:)`` answers the first *valid* value, so when the receiver of a
/// ``JSONPath/combine(with:)`` holds a wrongly typed value, the combined path's value wins.
///
/// ```swift
/// let id = JSONPath.root.goTo("id").combine(with: .root.goTo("identifier")).string
/// id.first(in: ["id": 7, "identifier": "seven"]) // "seven": 7 is not a string
/// ```
public struct TypedJSONPath<Value>: Sendable {
    /// The untyped path.
    ///
    /// ```swift
    /// titles.path.description
    /// ```
    public let path: JSONPath
    let destination: Destination<Value>

    /// Combines two typed paths of the same type: this one's values first, then the other's.
    ///
    /// ```swift
    /// let title = JSONPath.root.goTo("title").string.combine(with: JSONPath.root.goTo("name").string)
    /// ```
    public func combine(with other: TypedJSONPath<Value>) -> TypedJSONPath<Value> {
        TypedJSONPath(path: path.combine(with: other.path), destination: destination)
    }

    /// Adds a custom step after the destination: `transform` runs only on values that passed the
    /// destination's type check, and returning nil drops the value.
    ///
    /// ```swift
    /// // {"string": 15} selects nothing: 15 is not a string, so the block never runs.
    /// let length = JSONPath.root.goTo("string").string.runBlock { $0.count }
    /// ```
    public func runBlock<Result>(_ transform: @escaping @Sendable (Value) -> Result?) -> TypedJSONPath<Result> {
        let destination = self.destination
        return TypedJSONPath<Result>(
            path: path,
            destination: Destination(
                kind: destination.kind,
                fromScalar: { event in try destination.fromScalar(event).flatMap(transform) },
                fromValue: { value in try destination.fromValue(value).flatMap(transform) }))
    }

    /// Every valid value the path selects in `value`, in combination order, then RFC 9535 order.
    ///
    /// ```swift
    /// JSONPath.root.forEach().string.values(in: ["hello", 15]) // ["hello"]
    /// ```
    public func values(in value: JSONValue) -> [Value] {
        var result: [Value] = []
        for alternative in path.alternatives {
            for node in PathSelection.select(alternative[...], from: value) {
                if let converted = try? destination.convert(node.value) { result.append(converted) }
            }
        }
        return result
    }

    /// The first valid value the path selects in `value`, or nil when there is none: the
    /// optional form of `value(in:)`, which answers a default (0, false) for integers and booleans.
    ///
    /// ```swift
    /// JSONPath.root.goTo("int").integer.first(in: ["int": "notAnInt"]) // nil
    /// ```
    public func first(in value: JSONValue) -> Value? {
        for alternative in path.alternatives {
            for node in PathSelection.select(alternative[...], from: value) {
                if let converted = try? destination.convert(node.value) { return converted }
            }
        }
        return nil
    }
}

extension TypedJSONPath where Value == Int {
    /// A missing value gives 0 (the Hub Framework's default): the first valid integer, or 0 when
    /// there is none; ``first(in:)`` answers nil instead.
    ///
    /// ```swift
    /// JSONPath.root.goTo("count").integer.value(in: [:]) // 0
    /// JSONPath.root.goTo("count").integer.first(in: [:]) // nil
    /// ```
    public func value(in json: JSONValue) -> Int { first(in: json) ?? 0 }
}

extension TypedJSONPath where Value == Bool {
    /// A missing value gives false (the Hub Framework's default): the first valid boolean, or
    /// false when there is none; ``first(in:)`` answers nil instead.
    ///
    /// ```swift
    /// JSONPath.root.goTo("bool").bool.value(in: ["bool": "notABool"]) // false
    /// JSONPath.root.goTo("bool").bool.first(in: ["bool": "notABool"]) // nil
    /// ```
    public func value(in json: JSONValue) -> Bool { first(in: json) ?? false }
}

/// What a destination takes, and so how the matcher delivers what reaches it (see
/// ``MatchConsumer``): each value of another kind is dropped (``MatchConsumer/mismatched(_:at:scope:info:)``).
///
/// ```swift
/// builder.addMatch(try JSONPath("$.name"), kind: .string, tag: 0)   // a borrowed string event
/// builder.addMatch(try JSONPath("$.tags"), kind: .array, tag: 1)    // a captured JSONValue
/// ```
public enum DestinationKind: Sendable, Equatable {
    /// A boolean, delivered as its event.
    case bool
    /// A number, delivered as its event (converted by the consumer, e.g. ``MatchedValue/converted(to:)``).
    case integer
    /// A number, delivered as its event.
    case double
    /// A string, delivered as its borrowed bytes.
    case string
    /// A string to read as a URL, delivered as its borrowed bytes.
    case url
    /// An object, captured as a ``JSONValue``.
    case dictionary
    /// An object, captured as a ``JSONValue`` (as ``dictionary``).
    case object
    /// An array, captured as a ``JSONValue``.
    case array
    /// Any value, captured as a ``JSONValue`` (scalars too).
    case value
    /// Any value, for a `Decodable` type: containers may arrive flat (the engine's tapes).
    case decoded
    /// A presence probe: reports what began at the path (a scalar, or a container's opening
    /// event) through ``MatchConsumer/probed(_:at:scope:info:)``, capturing nothing.
    case probe
    /// Scalars as their events, containers captured flat, as the engine's tapes
    /// (``JSONMatchView``).
    case view

    /// Whether a container reaching this destination must be captured as a ``JSONValue``.
    var capturesContainers: Bool {
        switch self {
        case .dictionary, .object, .array, .value, .decoded, .view: true
        case .bool, .integer, .double, .string, .url, .probe: false
        }
    }

    /// The destinations that take scalars straight from the tokenizer's bytes.
    var acceptsScalars: Bool {
        switch self {
        case .dictionary, .object, .array: false
        default: true
        }
    }
}

/// Converts matched values into a destination's Swift type.
///
/// `nil` drops the value (wrong type); a thrown error is reported (decoding destinations).
struct Destination<Value>: Sendable {
    let kind: DestinationKind
    let fromScalar: @Sendable (JSONEvent) throws -> Value?
    let fromValue: @Sendable (JSONValue) throws -> Value?
    /// For destinations whose errors name the value's place in the document (Codable).
    let fromLocatedValue: (@Sendable (JSONValue, MatchInfo) throws -> Value?)?
    /// For Codable destinations: decodes a container captured as a tape (see ``fromLocatedValue``).
    let fromLocatedTape: (@Sendable (JSONTape, MatchInfo) throws -> Value?)?
    /// Converts a matched value and appends it to a ``ValueStore`` of `Value`.
    ///
    /// Made here, where `Value` is concrete for the built-in destinations, so that collecting a
    /// value costs no generic metadata lookup (a `JSONQuery`'s slots are type-erased).
    let collect: @Sendable (CapturedMatch, MatchInfo, Int, ValueStoreBase) throws -> Void
    /// Turns a callback into one that converts matched values first (see ``collect``).
    let makeDeliver: @Sendable (@escaping (JSONMatch<Value>) throws -> Void) -> MatchDelivery

    init(
        kind: DestinationKind, fromScalar: @escaping @Sendable (JSONEvent) throws -> Value?,
        fromValue: @escaping @Sendable (JSONValue) throws -> Value?,
        fromLocatedValue: (@Sendable (JSONValue, MatchInfo) throws -> Value?)? = nil,
        fromLocatedTape: (@Sendable (JSONTape, MatchInfo) throws -> Value?)? = nil
    ) {
        self.kind = kind
        self.fromScalar = fromScalar
        self.fromValue = fromValue
        self.fromLocatedValue = fromLocatedValue
        self.fromLocatedTape = fromLocatedTape
        @Sendable func convert(_ match: CapturedMatch, _ info: MatchInfo) throws -> Value? {
            let value: MatchedValue
            switch match {
            case .matched(let matched):
                value = matched
            case .tape(let tape):
                if let fromLocatedTape { return try fromLocatedTape(tape, info) }
                value = .value(tape.jsonValue())
            }
            if let fromLocatedValue { return try fromLocatedValue(value.jsonValue, info) }
            switch value {
            case .scalar(let event): return try fromScalar(event)
            case .value(let value): return try fromValue(value)
            }
        }
        collect = { value, info, alternative, store in
            guard let converted = try convert(value, info) else { return }
            // Moved, not copied: a model copy retains every reference it holds.
            unsafeDowncast(store, to: ValueStore<Value>.self).append(consume converted, alternative: alternative)
        }
        makeDeliver = { body in
            MatchDelivery(
                now: { value, info, stopper in
                    guard let converted = try convert(value, info) else { return }
                    var origin = MatchOrigin(info)
                    defer {
                        // A match kept beyond the callback gets its place before the parse moves on.
                        if info.pending != nil && !isKnownUniquelyReferenced(&origin) { origin.settle() }
                    }
                    try body(JSONMatch(value: consume converted, origin: origin, stopper: stopper))
                },
                later: { value, info, stopper in
                    let info = info.resolved()
                    guard let converted = try convert(value, info) else { return nil }
                    return { try body(JSONMatch(value: converted, origin: MatchOrigin(info), stopper: stopper)) }
                })
        }
    }

    func convert(_ value: JSONValue) throws -> Value? { try fromValue(value) }
}

/// The values a collecting ``JSONQuery`` path gathered, per alternative of a combined path.
class ValueStoreBase {}

final class ValueStore<Value>: ValueStoreBase {
    /// The values of each alternative.
    ///
    /// Stored behind a pointer: appending to a class's stored array costs two dynamic
    /// exclusivity checks per value collected.
    var perAlternative: [[Value]] {
        unsafeAddress { UnsafePointer(storage) }
        unsafeMutableAddress { storage }
    }
    private let storage: UnsafeMutablePointer<[[Value]]>

    override init() {
        storage = .allocate(capacity: 1)
        storage.initialize(to: [])
    }

    deinit {
        storage.deinitialize(count: 1)
        storage.deallocate()
    }

    @inline(__always)
    func append(_ value: Value, alternative: Int) {
        while perAlternative.count <= alternative { perAlternative.append([]) }
        perAlternative[alternative].append(value)
    }

    var values: [Value] { perAlternative.count == 1 ? perAlternative[0] : perAlternative.flatMap { $0 } }
}

/// A callback of a ``JSONQuery``, with conversion to its destination's type built in.
struct MatchDelivery {
    /// Converts and calls the callback now, while the matched event is being delivered.
    let now: (CapturedMatch, MatchInfo, StopSignal) throws -> Void
    /// Converts now and returns the call to make later (nil when the value was dropped).
    let later: (CapturedMatch, MatchInfo, StopSignal) throws -> (() throws -> Void)?
}

/// What a query slot receives: a matched value, or a container captured as a tape for a Codable
/// destination.
enum CapturedMatch {
    case matched(MatchedValue)
    case tape(JSONTape)
}

extension JSONPath {
    /// The booleans the path selects.
    ///
    /// ```swift
    /// let flag = JSONPath.root.goTo("enabled").bool
    /// ```
    public var bool: TypedJSONPath<Bool> {
        TypedJSONPath(
            path: self,
            destination: Destination(
                kind: .bool,
                fromScalar: { Bool(jsonScalar: $0) }, fromValue: { Bool(jsonScalar: $0) }))
    }

    /// The numbers the path selects that are integers fitting `Int` (`1.0` counts; `1.5` and
    /// numbers beyond `Int`'s range are dropped, never rounded or wrapped).
    ///
    /// ```swift
    /// let count = JSONPath.root.goTo("count").integer
    /// ```
    public var integer: TypedJSONPath<Int> {
        TypedJSONPath(
            path: self,
            destination: Destination(
                kind: .integer,
                fromScalar: { Int(jsonScalar: $0) }, fromValue: { Int(jsonScalar: $0) }))
    }

    /// The numbers the path selects, as the nearest `Double`.
    ///
    /// ```swift
    /// let score = JSONPath.root.goTo("score").double
    /// ```
    public var double: TypedJSONPath<Double> {
        TypedJSONPath(
            path: self,
            destination: Destination(
                kind: .double,
                fromScalar: { Double(jsonScalar: $0) }, fromValue: { Double(jsonScalar: $0) }))
    }

    /// The strings the path selects.
    ///
    /// ```swift
    /// let title = JSONPath.root.goTo("title").string
    /// ```
    public var string: TypedJSONPath<String> {
        TypedJSONPath(
            path: self,
            destination: Destination(
                kind: .string,
                fromScalar: { String(jsonScalar: $0) }, fromValue: { String(jsonScalar: $0) }))
    }

    /// The strings the path selects that are valid URLs (absolute or relative), parsed without
    /// percent-encoding invalid characters: `"é"` is dropped, as are non-strings (the rule of
    /// ``JSONScalarConvertible``, as for every typed destination).
    ///
    /// ```swift
    /// let image = JSONPath.root.goTo("images").goTo("main").goTo("uri").url
    /// ```
    public var url: TypedJSONPath<URL> {
        TypedJSONPath(
            path: self,
            destination: Destination(
                kind: .url,
                fromScalar: { URL(jsonScalar: $0) }, fromValue: { URL(jsonScalar: $0) }))
    }

    /// The objects the path selects, as dictionaries (for duplicate keys the last member wins).
    ///
    /// ```swift
    /// let metadata = JSONPath.root.goTo("metadata").dictionary
    /// ```
    public var dictionary: TypedJSONPath<[String: JSONValue]> {
        TypedJSONPath(
            path: self,
            destination: Destination(
                kind: .dictionary,
                fromScalar: { _ in nil },
                fromValue: { value in if case .object(let object) = value { object.dictionary } else { nil } }))
    }

    /// The objects the path selects, members in document order.
    ///
    /// ```swift
    /// let custom = JSONPath.root.goTo("custom").object
    /// ```
    public var object: TypedJSONPath<JSONObject> {
        TypedJSONPath(
            path: self,
            destination: Destination(
                kind: .object,
                fromScalar: { _ in nil },
                fromValue: { value in if case .object(let object) = value { object } else { nil } }))
    }

    /// The arrays the path selects.
    ///
    /// ```swift
    /// let tags = JSONPath.root.goTo("tags").array
    /// ```
    public var array: TypedJSONPath<[JSONValue]> {
        TypedJSONPath(
            path: self,
            destination: Destination(
                kind: .array,
                fromScalar: { _ in nil },
                fromValue: { value in if case .array(let elements) = value { elements } else { nil } }))
    }

    /// Every value the path selects, whatever its type.
    ///
    /// ```swift
    /// let anything = try JSONPath("$..id").value
    /// ```
    public var value: TypedJSONPath<JSONValue> {
        TypedJSONPath(
            path: self,
            destination: Destination(
                kind: .value,
                fromScalar: { event in JSONValue(scalar: event) },
                fromValue: { $0 }))
    }

    /// The values the path selects, decoded as `type` (each captured alone, decoded, dropped).
    ///
    /// A value that fails to decode is an error of the run, a `DecodingError`.
    ///
    /// ```swift
    /// struct Item: Decodable { let id: Int }
    /// let items = try JSONPath("$.items[*]").decoded(Item.self)
    /// ```
    public func decoded<T: Decodable & SendableMetatype>(_ type: T.Type, decoder: JSONValueDecoder = JSONValueDecoder())
        -> TypedJSONPath<T>
    {
        TypedJSONPath(
            path: self,
            destination: Destination(
                kind: .decoded,
                fromScalar: { event in try decoder.decode(T.self, from: JSONValue(scalar: event) ?? .null) },
                fromValue: { value in try decoder.decode(T.self, from: value) },
                fromLocatedValue: { value, info in
                    try decoder.decode(T.self, from: value, at: info.resolvedPath, location: info.resolvedLocation)
                },
                fromLocatedTape: { tape, info in
                    try decoder.decode(T.self, from: tape, at: info.resolvedPath, location: info.resolvedLocation)
                }))
    }
}

extension JSONValue {
    /// The value of a scalar event; nil for container and key events.
    init?(scalar event: JSONEvent) {
        switch event {
        case .null: self = .null
        case .bool(let value): self = .bool(value)
        case .number(let text): self = .number(JSONNumber(validatedText: text.string))
        case .string(let text): self = .string(text.string)
        default: return nil
        }
    }
}
