/// An RFC 9535 filter expression, the part after `?` in `[?…]`, parsed and type-checked once so
/// that it can be added to a path built step by step (``JSONPath/filter(_:)``).
///
/// `@` is the candidate (each element of an array, each member value of an object), `$` the
/// document the path is applied to.
///
/// ```swift
/// let cheap = try JSONPathFilter("@.price < 10 && match(@.name, 'a.*')")
/// let names = JSONPath.root.goTo("items").filter(cheap).goTo("name").string
/// names.values(in: ["items": [["name": "apple", "price": 3], ["name": "apricot", "price": 30]]])
/// // ["apple"]
/// ```
public struct JSONPathFilter: Sendable, CustomStringConvertible {
    let selector: FilterSelector

    /// Parses a filter expression (without the `?` and the brackets).
    ///
    /// Errors give the position in `expression`, with a caret, like ``JSONPath/init(_:)``.
    ///
    /// ```swift
    /// let inStock = try JSONPathFilter("@.stock > 0")
    /// let tagged = try JSONPathFilter("count(@.tags[*]) >= 2 || @.featured == true")
    /// ```
    public init(_ expression: String) throws(JSONPathSyntaxError) {
        var parser = JSONPathParser(expression)
        parser.skipBlanks()
        let start = parser.position
        let parsed = try parser.logicalExpression()
        let end = parser.position
        parser.skipBlanks()
        if parser.peek != nil { throw parser.error("unexpected text after the filter expression") }
        let text = String(String.UnicodeScalarView(parser.scalars[start..<end]))
        selector = FilterSelector(expression: parsed, text: text)
    }

    /// The expression as written.
    ///
    /// ```swift
    /// try JSONPathFilter("@.stock > 0").description // "@.stock > 0"
    /// ```
    public var description: String { selector.text }
}

extension JSONPath {
    /// Adds a filter step: the children of the value reached so far (the elements of an array,
    /// the member values of an object) for which `filter` is true, in order.
    ///
    /// The same as `[?…]` in a path string. It streams: of each candidate only the operands are
    /// captured, and it is decided as soon as they tell (see the README's Filters section).
    ///
    /// ```swift
    /// let open = JSONPath.root.goTo("tickets").filter(try JSONPathFilter("@.state == 'open'")).goTo("id").integer
    /// open.values(in: ["tickets": [["id": 1, "state": "open"], ["id": 2, "state": "closed"]]]) // [1]
    /// ```
    public func filter(_ filter: JSONPathFilter) -> JSONPath {
        appending(.child([.filter(filter.selector)]))
    }

    /// Adds a filter step decided by a closure: the children of the value reached so far (the
    /// elements of an array, the member values of an object) for which `isIncluded` returns true.
    ///
    /// Each candidate is captured whole to be handed to the closure, and the steps after this
    /// one run in memory on it (as after ``runBlock(_:)``); this step streams today.
    ///
    /// ```swift
    /// let long = JSONPath.root.goTo("posts").filter { post in
    ///     (post["body"]?.stringValue?.count ?? 0) > 1000
    /// }.goTo("title").string
    /// ```
    public func filter(where isIncluded: @escaping @Sendable (JSONValue) -> Bool) -> JSONPath {
        appending(.child([.wildcard])).runBlock { candidate in isIncluded(candidate) ? candidate : nil }
    }
}
