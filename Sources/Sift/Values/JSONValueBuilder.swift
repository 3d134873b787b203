/// Builds ``JSONValue``s from ``JSONEvent``s: as the handler of a ``JSONTokenizer``, or fed one
/// event at a time by another handler that wants only some subtrees.
///
/// The partial containers live in flat stacks (one for the elements of all open arrays, one for
/// the members of all open objects); a container's children are wrapped into its value once,
/// when it closes. Nothing recurses and nothing is copied twice, so building is linear in the
/// size of the value, whatever its shape.
///
/// ```swift
/// var builder = JSONValueBuilder()
/// _ = builder.consume(.startArray)
/// _ = builder.consume(.bool(true))
/// let value = builder.consume(.endArray) // [true]
/// ```
///
/// As a handler it collects every top-level value in ``values``:
///
/// ```swift
/// let tokenizer = JSONTokenizer(handler: JSONValueBuilder())
/// try tokenizer.feed(Array(#"{"a":[1,2]}"#.utf8))
/// try tokenizer.finish()
/// tokenizer.handler.values // [["a": [1, 2]]]
/// ```
public struct JSONValueBuilder: JSONEventHandler {
    /// One open container: where its children start in the element or member stack.
    private struct Frame {
        var isArray: Bool
        var start: Int
    }

    private var frames: [Frame] = []
    /// The elements of every open array, innermost last.
    private var elements: [JSONValue] = []
    /// The members of every open object, innermost last.
    private var members: [JSONObject.Member] = []
    /// The key of every open object that is waiting for its value, innermost last.
    private var keys: [String] = []
    /// Recent keys, so that a key repeated in every element of an array is decoded once and
    /// its storage shared.
    private var keyCache = KeyCache()
    /// Whether the events come from a tokenizer that validates UTF-8: strings and keys are then
    /// made without checking their bytes again.
    package var textIsValidUTF8 = false

    /// The top-level values completed while this builder was a tokenizer's handler.
    ///
    /// ```swift
    /// tokenizer.handler.values.count
    /// ```
    public var values: [JSONValue] = []

    /// Creates an empty builder.
    ///
    /// ```swift
    /// var builder = JSONValueBuilder()
    /// ```
    public init() {}

    /// The number of containers open in the value being built (0 between values).
    ///
    /// ```swift
    /// builder.depth // 2 after startObject, key, startArray
    /// ```
    public var depth: Int { frames.count }

    /// Adds one event to the value being built; returns the value when this event completes the
    /// top-level value that the builder was started with (a scalar completes at once).
    ///
    /// A caller that feeds events itself keeps ``depth`` within ``JSONValue/maximumDepth``
    /// (``handle(_:context:)`` does).
    ///
    /// Events must form valid JSON (as a tokenizer delivers them): a key outside an object, or
    /// an end that does not match the open container, is a programming error.
    ///
    /// ```swift
    /// var builder = JSONValueBuilder()
    /// builder.consume(.startObject)              // nil
    /// builder.consume(.endObject)                // .object([:])
    /// ```
    @discardableResult
    public mutating func consume(_ event: JSONEvent) -> JSONValue? {
        switch event {
        case .startObject:
            if members.capacity == 0 { reserveStacks(isArray: false) }
            frames.append(Frame(isArray: false, start: members.count))
            return nil
        case .startArray:
            if elements.capacity == 0 { reserveStacks(isArray: true) }
            frames.append(Frame(isArray: true, start: elements.count))
            return nil
        case .key(let bytes):
            precondition(frames.last?.isArray == false, "JSONValueBuilder: a key outside an object")
            keys.append(keyCache.string(for: bytes, validated: textIsValidUTF8))
            return nil
        case .endObject:
            guard let frame = frames.popLast(), !frame.isArray else {
                preconditionFailure("JSONValueBuilder: endObject without an open object")
            }
            return complete(
                .object(JSONObject(Self.takeSuffix(of: &members, from: frame.start, placeholder: Self.emptyMember))))
        case .endArray:
            guard let frame = frames.popLast(), frame.isArray else {
                preconditionFailure("JSONValueBuilder: endArray without an open array")
            }
            return complete(.array(Self.takeSuffix(of: &elements, from: frame.start, placeholder: .null)))
        case .string(let bytes):
            return complete(.string(bytes.string(validated: textIsValidUTF8)))
        case .number(let bytes):
            return complete(.number(JSONNumber(validatedText: bytes.string(validated: textIsValidUTF8))))
        case .bool(let value):
            return complete(.bool(value))
        case .null:
            return complete(.null)
        }
    }

    /// Adds the key of the next member of the innermost open object, from a `String`: for
    /// producers that are not a tokenizer, such as models writing themselves.
    ///
    /// ```swift
    /// builder.consume(.startObject)
    /// builder.consume(key: "title")
    /// builder.consume(value: .string("Home"))
    /// builder.consume(.endObject) // {"title":"Home"}
    /// ```
    public mutating func consume(key: String) {
        precondition(frames.last?.isArray == false, "JSONValueBuilder: a key outside an object")
        keys.append(key)
    }

    /// Adds a complete value (a scalar, or a container built already) where the next value
    /// goes; returns it when it is the top-level value, as ``consume(_:)`` does.
    ///
    /// ```swift
    /// builder.consume(.startArray)
    /// builder.consume(value: .object(custom))
    /// builder.consume(.endArray) // [custom]
    /// ```
    @discardableResult
    public mutating func consume(value: consuming JSONValue) -> JSONValue? {
        complete(value)
    }

    private static let emptyMember = JSONObject.Member(key: "", value: .null)

    /// Gives the stacks a first container's worth of room at once: a builder made for one small
    /// value (a path engine makes one per captured container) allocates each stack once instead
    /// of growing it from one element by doubling.
    @inline(never)
    private mutating func reserveStacks(isArray: Bool) {
        if frames.capacity == 0 { frames.reserveCapacity(8) }
        if isArray {
            elements.reserveCapacity(16)
        } else {
            members.reserveCapacity(16)
            keys.reserveCapacity(8)
        }
    }

    /// Moves `stack[start...]` into a new array and removes it from `stack`, without retaining
    /// and releasing every element on the way: the elements are moved out, trivially
    /// destructible placeholders take their slots, and those are removed.
    ///
    /// The array is made by reserving capacity, which the compiler specializes for the element
    /// type; `Array(unsafeUninitializedCapacity:)` allocates through the standard library's
    /// unspecialized path, which looks up the storage class's metadata for every array.
    @inline(__always)
    private static func takeSuffix<Element>(of stack: inout [Element], from start: Int, placeholder: Element)
        -> [Element]
    {
        let count = stack.count - start
        guard count > 0 else { return [] }
        var result: [Element] = []
        result.reserveCapacity(count)
        stack.withUnsafeMutableBufferPointer { source in
            // The buffer is non-empty here, so it has a base address.
            // swift-format-ignore: NeverForceUnwrap
            let first = source.baseAddress! + start
            for offset in 0..<count { result.append((first + offset).move()) }
            first.initialize(repeating: placeholder, count: count)
        }
        // One `removeLast()` per child: the collection's `removeLast(_:)` replaces a subrange
        // (about 260 instructions for a small container, against a dozen a child here).
        for _ in 0..<count { stack.removeLast() }
        return result
    }

    /// Places a finished value in its parent, or returns it when it is the top-level value.
    @inline(__always)
    private mutating func complete(_ value: consuming JSONValue) -> JSONValue? {
        guard let parent = frames.last else { return value }
        if parent.isArray {
            elements.append(value)
        } else {
            precondition(!keys.isEmpty, "JSONValueBuilder: an object member without a key")
            members.append(JSONObject.Member(key: keys.removeLast(), value: value))
        }
        return nil
    }

    /// Discards the value being built (keeping ``values``), so that the next event starts a new
    /// one.
    ///
    /// ```swift
    /// builder.discardPartialValue()
    /// ```
    public mutating func discardPartialValue() {
        frames.removeAll(keepingCapacity: true)
        elements.removeAll(keepingCapacity: true)
        members.removeAll(keepingCapacity: true)
        keys.removeAll(keepingCapacity: true)
    }

    /// The most elements or members a stack may hold room for in a builder that is reused: one
    /// that captured a huge container does not keep its room.
    static let largestReusedStack = 4096

    /// Whether this builder is between values, holds no ``values``, and its stacks have room for
    /// at most ``largestReusedStack`` children each: then a path engine may keep it for its next
    /// capture (with its stacks' room and recent keys) instead of making and destroying a builder
    /// per captured container, and never holds on to more than a small value's worth of memory.
    package var isReusable: Bool {
        frames.isEmpty && elements.isEmpty && members.isEmpty && keys.isEmpty && values.isEmpty
            && elements.capacity <= Self.largestReusedStack && members.capacity <= Self.largestReusedStack
            && keys.capacity <= Self.largestReusedStack && frames.capacity <= Self.largestReusedStack
    }

    /// Adds the event and appends a completed top-level value to ``values``.
    ///
    /// Throws ``JSONValueDepthError`` for a container that would nest deeper than
    /// ``JSONValue/maximumDepth``: such a value is refused before it is built.
    ///
    /// ```swift
    /// try builder.handle(event, context: context)
    /// ```
    public mutating func handle(_ event: JSONEvent, context: JSONEventContext) throws {
        if let value = consume(event) { values.append(value) }
        if frames.count > JSONValue.maximumDepth {
            discardPartialValue()
            throw JSONValueDepthError()
        }
    }

    /// The value the last event completed inside the value being built (after an event that
    /// completes a value which is not the top-level one): its parent's newest child.
    ///
    /// Copying it shares its storage with the value being built.
    package var latestChild: JSONValue {
        // Only called right after a child was completed, so its parent has it.
        // swift-format-ignore: NeverForceUnwrap
        frames.last!.isArray ? elements.last! : members.last!.value
    }
}
