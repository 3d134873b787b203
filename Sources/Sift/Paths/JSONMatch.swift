/// One value a path selected, with where it was found.
///
/// ```swift
/// var query = JSONQuery()
/// query.add(JSONPath.root.goTo("items").forEach().goTo("id").integer) { match in
///     print(match.value, match.path, match.location)
///     if match.value == 42 { match.stopParsing() }
/// }
/// try query.run(.file("items.json"))
/// ```
public struct JSONMatch<Value> {
    /// The selected value, converted to the destination's type.
    ///
    /// ```swift
    /// match.value
    /// ```
    public let value: Value

    /// The RFC 9535 normalized path of the value (`path.normalized` is `$['items'][3]['id']`).
    ///
    /// ```swift
    /// match.path.description // "$.items[3].id"
    /// ```
    public let path: JSONNodePath

    /// Where the value starts in the input.
    ///
    /// ```swift
    /// match.location.line
    /// ```
    public let location: SourceLocation

    let stopper: StopSignal

    /// Stops the parse after this match: the rest of the input is not read.
    ///
    /// ```swift
    /// match.stopParsing()
    /// ```
    public func stopParsing() {
        stopper.isRaised = true
    }
}

extension JSONMatch: Sendable where Value: Sendable {}

/// A flag a consumer raises to stop the parse.
final class StopSignal: @unchecked Sendable {
    var isRaised = false
}
