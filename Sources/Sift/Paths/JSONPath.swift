/// A path through JSON: the steps that lead from a value to the values you want.
///
/// Build it step by step, after the Hub Framework's JSON paths, or write it as an RFC 9535
/// JSONPath string; both compile to the same automaton. A path is an immutable value: every step
/// returns a new path and leaves the receiver unchanged. Finish it with a destination (``string``,
/// ``integer``, ``url``, ``value``, `decoded(_:)` …) to get a ``TypedJSONPath``.
///
/// ```swift
/// let titles = JSONPath.root.goTo("body").forEach().goTo("text").goTo("title").string
/// let same = try JSONPath("$.body[*].text.title").string
/// let results = try JSONQuery.collect(titles, from: .string(#"{"body":[{"text":{"title":"Hi"}}]}"#))
/// print(results) // ["Hi"]
/// ```
public struct JSONPath: Sendable, CustomStringConvertible {
    /// The alternatives of the path, in combination order: one unless ``combine(with:)`` was used.
    var alternatives: [[PathSegment]]

    init(alternatives: [[PathSegment]]) {
        self.alternatives = alternatives
    }

    /// The empty path, which selects the value it is applied to (the root of a document).
    ///
    /// ```swift
    /// JSONPath.root.goTo("id")
    /// ```
    public static var root: JSONPath { JSONPath(alternatives: [[]]) }

    /// Creates the empty path, like ``root``.
    ///
    /// ```swift
    /// let path = JSONPath().goTo("title")
    /// ```
    public init() {
        self.alternatives = [[]]
    }

    /// Adds a step to the member `key` of an object.
    ///
    /// Applied to anything but an object, or to an object without that key, the path selects nothing. A
    /// member whose value is `null` is selected (as JSON null).
    ///
    /// ```swift
    /// JSONPath.root.goTo("date").goTo("weekday")
    /// ```
    public func goTo(_ key: String) -> JSONPath {
        appending(.child([.name(key)]))
    }

    /// Adds a step to every element of an array, in order.
    ///
    /// Applied to anything but an array, the path selects nothing.
    ///
    /// ```swift
    /// JSONPath.root.goTo("body").forEach().goTo("id")
    /// ```
    public func forEach() -> JSONPath {
        appending(.forEach)
    }

    /// Adds a step to the element at `index` of an array (negative counts from the end).
    ///
    /// ```swift
    /// JSONPath.root.goTo("items").element(0)
    /// ```
    public func element(_ index: Int) -> JSONPath {
        appending(.child([.index(index)]))
    }

    /// Adds a custom step: the value reached so far is captured (only it), passed to `block`, and
    /// whatever the block returns continues along the rest of the path.
    ///
    /// Returning nil selects nothing. Steps after a block run in memory on the block's result.
    ///
    /// ```swift
    /// // A comma-separated string becomes an array, each element a string.
    /// let tags = JSONPath.root.goTo("tags").runBlock { value in
    ///     guard case .string(let text) = value else { return nil }
    ///     return .array(text.split(separator: ",").map { .string(String($0)) })
    /// }.forEach().string
    /// ```
    public func runBlock(_ block: @escaping @Sendable (JSONValue) -> JSONValue?) -> JSONPath {
        appending(.block(PathBlock(block)))
    }

    /// Combines this path with another one applied to the same input: the result holds this
    /// path's values first, then the other's.
    ///
    /// For a single value, the first valid one wins, so a renamed key can be read under both names.
    ///
    /// ```swift
    /// let id = JSONPath.root.goTo("id").combine(with: JSONPath.root.goTo("identifier")).string
    /// ```
    public func combine(with other: JSONPath) -> JSONPath {
        JSONPath(alternatives: alternatives + other.alternatives)
    }

    /// Appends the steps of `other` (relative to the values this path selects) to every
    /// alternative of this path.
    ///
    /// ```swift
    /// let body = JSONPath.root.goTo("body").forEach()
    /// let titles = body.appending(JSONPath.root.goTo("title")).string
    /// ```
    public func appending(_ other: JSONPath) -> JSONPath {
        var result: [[PathSegment]] = []
        for first in alternatives {
            for second in other.alternatives { result.append(first + second) }
        }
        return JSONPath(alternatives: result)
    }

    func appending(_ segment: PathSegment) -> JSONPath {
        JSONPath(alternatives: alternatives.map { $0 + [segment] })
    }

    /// The path in JSONPath notation; builder steps without an RFC 9535 spelling are shown as
    /// `forEach()` and `runBlock()`; combined paths are joined with ` | `.
    ///
    /// ```swift
    /// JSONPath.root.goTo("a").forEach().description // "$['a'].forEach()"
    /// ```
    public var description: String {
        alternatives.map { segments in
            "$" + segments.map(\.description).joined()
        }.joined(separator: " | ")
    }
}

extension JSONPath {
    /// The member names of a path that only steps into object members, one name at a time
    /// (`$.data.authors`, `$['a.b']`); nil for any other path (wildcards, indices, filters,
    /// descendants, combined paths).
    package var memberNames: [String]? {
        guard alternatives.count == 1 else { return nil }
        var names: [String] = []
        for segment in alternatives[0] {
            guard case .child(let selectors) = segment, selectors.count == 1, case .name(let name) = selectors[0]
            else { return nil }
            names.append(name)
        }
        return names
    }
}

/// One step of a path.
enum PathSegment: Sendable, CustomStringConvertible {
    /// RFC 9535 child segment: the selectors applied to the input value.
    case child([PathSelector])
    /// RFC 9535 descendant segment: the selectors applied to the input and all its descendants.
    case descendant([PathSelector])
    /// Hub's forEach: every element of an array (objects select nothing).
    case forEach
    /// Hub's runBlock: a custom transformation of the captured value.
    case block(PathBlock)

    var description: String {
        switch self {
        case .child(let selectors): "[" + selectors.map(\.description).joined(separator: ",") + "]"
        case .descendant(let selectors): "..[" + selectors.map(\.description).joined(separator: ",") + "]"
        case .forEach: ".forEach()"
        case .block: ".runBlock()"
        }
    }

    /// The selectors of a child or descendant segment.
    var selectors: [PathSelector]? {
        switch self {
        case .child(let selectors), .descendant(let selectors): selectors
        case .forEach, .block: nil
        }
    }

    var isBlock: Bool {
        if case .block = self { return true }
        return false
    }
}

/// An RFC 9535 selector.
enum PathSelector: Sendable, Hashable, CustomStringConvertible {
    case name(String)
    case wildcard
    case index(Int)
    case slice(start: Int?, end: Int?, step: Int?)
    /// RFC 9535 filter selector: the children for which the expression is true.
    case filter(FilterSelector)

    var description: String {
        switch self {
        case .name(let name): JSONNodePath.quoted(name)
        case .wildcard: "*"
        case .index(let index): "\(index)"
        case .slice(let start, let end, let step):
            (start.map(String.init) ?? "") + ":" + (end.map(String.init) ?? "")
                + (step.map { ":\($0)" } ?? "")
        case .filter(let filter): "?" + filter.text
        }
    }

    /// Whether selecting from an array needs the array's length (negative positions, or a
    /// negative step, which walks backwards).
    var needsLength: Bool {
        switch self {
        case .index(let index): index < 0
        case .slice(let start, let end, let step):
            (step ?? 1) <= 0 || (start ?? 0) < 0 || (end ?? 0) < 0
        case .name, .wildcard, .filter: false
        }
    }

    /// Whether this is a filter selector.
    var isFilter: Bool {
        if case .filter = self { return true }
        return false
    }
}

/// A runBlock closure, boxed so paths stay `Sendable` values.
struct PathBlock: Sendable {
    let body: @Sendable (JSONValue) -> JSONValue?
    init(_ body: @escaping @Sendable (JSONValue) -> JSONValue?) { self.body = body }
}
