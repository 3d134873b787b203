import Foundation

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
    /// Computed when first read (a match that is kept after its callback gets it before the
    /// parse moves on).
    ///
    /// ```swift
    /// match.path.description // "$.items[3].id"
    /// ```
    public var path: JSONNodePath { origin.path }

    /// Where the value starts in the input.
    ///
    /// ```swift
    /// match.location.line
    /// ```
    public var location: SourceLocation { origin.location }

    let origin: MatchOrigin

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

/// Where a match was found: computed on demand from the event being delivered, and settled
/// (computed and kept) when the match outlives its callback.
final class MatchOrigin: @unchecked Sendable {
    /// Guards ``info`` once a match may be shared (reads after the callback, from any thread).
    private static let lock = NSLock()
    private var info: MatchInfo

    init(_ info: MatchInfo) {
        self.info = info
    }

    var path: JSONNodePath {
        Self.lock.lock()
        defer { Self.lock.unlock() }
        return info.resolvedPath
    }

    var location: SourceLocation {
        Self.lock.lock()
        defer { Self.lock.unlock() }
        return info.resolvedLocation ?? SourceLocation(offset: 0, line: 1, column: 1)
    }

    /// Computes and keeps the place while its event is current: called when the callback
    /// returns and the match is still referenced elsewhere.
    func settle() {
        Self.lock.lock()
        info = info.resolved()
        Self.lock.unlock()
    }
}
