/// A dotted key path, such as `"data.authors"`: the member names that lead from an object to a
/// value, read the one way SiftMapping's properties and SiftHTTP's root key paths read them.
///
/// The grammar, in full:
///
/// - The empty key path `""` names the value itself.
/// - Any other text is split at every `.` into member names, left to right: `"a.b.c"` is the
///   member `c` of the member `b` of the member `a`. Every split is a name, the empty one
///   included: `"a..b"` steps through the member named `""`, and `"a."` ends at it (JSON allows
///   the empty name, so none of these is an error; no text is).
/// - There are no escapes: `\` is an ordinary character of a name.
/// - A name made of digits is a member name, never an array index: `"items.0"` is the member
///   `"0"` of `items`. (An RFC 9535 path, `$.items[0]`, steps into arrays.)
/// - A key path with dots has a second reading, which wins: the whole text as one literal key.
///   With `{"a.b": 1, "a": {"b": 2}}` the key path `"a.b"` reads `1`; without the member `"a.b"`
///   it reads `2`. This is how a member whose name has dots is reached.
///
/// ```swift
/// let keyPath = JSONKeyPath("data.authors")
/// print(keyPath.readings) // [["data.authors"], ["data", "authors"]]
/// let authors = try JSONQuery.collect(keyPath.path.forEach().string,
///                                     from: .string(#"{"data": {"authors": ["Ada", "Grace"]}}"#))
/// print(authors) // ["Ada", "Grace"]
/// ```
///
/// A string literal is a dotted key path, so APIs that take a `JSONKeyPath` take `"data.authors"`
/// as written; text held in a variable is read with ``init(_:)-(String)``, and an RFC 9535 path of
/// member names with ``init(_:)-(JSONPath)``, which has that path's one reading only.
public struct JSONKeyPath: Hashable, Sendable, ExpressibleByStringLiteral {
    /// The member names of each reading, the one that wins first: for a dotted key path the
    /// literal key, then the nested names; `[[]]` for the value itself.
    ///
    /// ```swift
    /// JSONKeyPath("id").readings // [["id"]]
    /// JSONKeyPath("a.b").readings // [["a.b"], ["a", "b"]]
    /// JSONKeyPath("").readings // [[]]
    /// ```
    public let readings: [[String]]

    /// Reads a dotted key path (the grammar is in the type's documentation); every text is one.
    ///
    /// ```swift
    /// let city = JSONKeyPath("address.city")
    /// ```
    public init(_ keyPath: String) {
        if keyPath.isEmpty {
            readings = [[]]
            return
        }
        let names = keyPath.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        readings = names.count == 1 ? [names] : [[keyPath], names]
    }

    /// Reads a string literal as a dotted key path, as ``init(_:)-(String)`` reads text.
    ///
    /// ```swift
    /// let keyPath: JSONKeyPath = "data.authors"
    /// keyPath.readings // [["data.authors"], ["data", "authors"]]
    /// ```
    public init(stringLiteral keyPath: String) {
        self.init(keyPath)
    }

    /// The key path of a `JSONPath` that only steps into object members (`$.data.authors`,
    /// `$['a.b']`), with its one reading; nil for any other path (indices, wildcards, filters,
    /// descendants, blocks, combined paths).
    ///
    /// ```swift
    /// JSONKeyPath(try JSONPath("$['a.b'].c"))?.readings // [["a.b", "c"]]
    /// JSONKeyPath(try JSONPath("$.items[0]")) // nil
    /// ```
    public init?(_ path: JSONPath) {
        guard let names = path.memberNames else { return nil }
        readings = [names]
    }

    /// The readings as one path, the winning reading first (see ``JSONPath/combine(with:)``):
    /// finish it with a destination to query what the key path names.
    ///
    /// Its values are those of every reading, the literal key's first; its first valid value is
    /// what the key path reads.
    ///
    /// ```swift
    /// let street = JSONKeyPath("address.street").path.string
    /// street.first(in: ["address.street": "Main", "address": ["street": "Side"]]) // "Main"
    /// ```
    public var path: JSONPath {
        let paths = readings.map { names in names.reduce(JSONPath.root) { $0.goTo($1) } }
        return paths.dropFirst().reduce(paths[0]) { $0.combine(with: $1) }
    }
}
