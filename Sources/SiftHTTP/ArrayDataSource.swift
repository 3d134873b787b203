/// An ordered list of elements with array-like access: count, subscript and iteration.
///
/// ```swift
/// let source: ArrayDataSource = ["Ada", "Grace"]
/// print(source.count, source[0])  // 2 Ada
/// for name in source { print(name) }
/// ```
public struct ArrayDataSource<Element>: RandomAccessCollection, ExpressibleByArrayLiteral {
    /// The elements.
    ///
    /// ```swift
    /// source.array.append("Barbara")
    /// ```
    public var array: [Element]

    /// Wraps an array.
    ///
    /// ```swift
    /// let source = ArrayDataSource(array: authors)
    /// ```
    public init(array: [Element]) {
        self.array = array
    }

    /// Creates a data source from a literal.
    ///
    /// ```swift
    /// let source: ArrayDataSource = [1, 2, 3]
    /// ```
    public init(arrayLiteral elements: Element...) {
        self.array = elements
    }

    /// The position of the first element, `0`.
    ///
    /// ```swift
    /// source[source.startIndex]
    /// ```
    public var startIndex: Int { array.startIndex }

    /// The position one past the last element, equal to ``count``.
    ///
    /// ```swift
    /// source.endIndex == source.count // true
    /// ```
    public var endIndex: Int { array.endIndex }

    /// The element at `position`.
    ///
    /// ```swift
    /// source[0]
    /// ```
    public subscript(position: Int) -> Element { array[position] }
}

extension ArrayDataSource: Sendable where Element: Sendable {}
extension ArrayDataSource: Equatable where Element: Equatable {}
