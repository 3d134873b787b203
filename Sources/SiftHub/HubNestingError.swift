/// Hub models nest deeper than ``maximumDepth``: components, targets, images and view models
/// inside one another (a component's children, a target's view model and its components…).
///
/// Hub models are values that hold their nested models, and they are built, merged, named,
/// written, compared and destroyed recursively, so their nesting is bounded: 64 levels fit in
/// a 512 KB stack (the stack of Swift concurrency's threads on Apple platforms) with room for
/// the parser above them. Real view models nest a few levels; the limit is far above them and
/// far below what would overflow a stack. Parsing stops with a `JSONParseError` at the model that
/// goes one level too deep, whose `underlyingError` is this error;
/// ``ViewModel/init(jsonValue:schema:)`` throws it as it is.
///
/// ```swift
/// var options = JSONParserOptions()
/// options.maximumDepth = 100_000
/// do {
///     _ = try ViewModel(parsing: .file("deep.json"), options: options)
/// } catch let error as JSONParseError where error.underlyingError is HubNestingError {
///     print(error) // 1:829: error: error while handling JSON: Hub models nested too deep: ...
/// }
/// ```
public struct HubNestingError: Error, Sendable, Hashable, CustomStringConvertible {
    /// How many models may be open inside one another.
    ///
    /// ```swift
    /// HubNestingError.maximumDepth // 64
    /// ```
    public static let maximumDepth = 64

    /// An error for a model one level deeper than ``maximumDepth``.
    ///
    /// ```swift
    /// throw HubNestingError()
    /// ```
    public init() {}

    /// A sentence for a person.
    ///
    /// ```swift
    /// print(HubNestingError()) // Hub models nested too deep: more than 64 ...
    /// ```
    public var description: String {
        "Hub models nested too deep: more than \(Self.maximumDepth) components, targets, images and view models"
            + " inside one another (a Hub model is built and written recursively, so its nesting is bounded)"
    }
}
