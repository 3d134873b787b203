/// The simplest data source: a wrapper around one object, for screens that show an object which
/// may also come from elsewhere than a loader.
///
/// ```swift
/// let source = ObjectDataSource(object: post)
/// print(source.object.slug)
/// ```
public struct ObjectDataSource<Object> {
    /// The object.
    ///
    /// ```swift
    /// source.object = updatedPost
    /// ```
    public var object: Object

    /// Wraps an object.
    ///
    /// ```swift
    /// let source = ObjectDataSource(object: post)
    /// ```
    public init(object: Object) {
        self.object = object
    }
}

extension ObjectDataSource: Sendable where Object: Sendable {}
extension ObjectDataSource: Equatable where Object: Equatable {}
