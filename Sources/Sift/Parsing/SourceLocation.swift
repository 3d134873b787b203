/// A position in a JSON input: absolute byte offset, 1-based line and 1-based column.
///
/// Lines break at LF, CR and CRLF (each counts once). Columns count bytes from the start of the
/// line, so a caret lines up under ASCII text exactly.
///
/// ```swift
/// let location = SourceLocation(offset: 12, line: 2, column: 5)
/// print(location) // 2:5
/// ```
public struct SourceLocation: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The number of bytes before this position, counted from the start of the input.
    ///
    /// ```swift
    /// location.offset // 12
    /// ```
    public var offset: Int

    /// The 1-based line number.
    ///
    /// ```swift
    /// location.line // 2
    /// ```
    public var line: Int

    /// The 1-based column, in bytes from the start of the line.
    ///
    /// ```swift
    /// location.column // 5
    /// ```
    public var column: Int

    /// Creates a location.
    ///
    /// ```swift
    /// SourceLocation(offset: 0, line: 1, column: 1) // the start of the input
    /// ```
    public init(offset: Int, line: Int, column: Int) {
        self.offset = offset
        self.line = line
        self.column = column
    }

    /// `LINE:COLUMN`, the form compilers print.
    ///
    /// ```swift
    /// "\(location)" // "2:5"
    /// ```
    public var description: String { "\(line):\(column)" }

    /// Orders locations by offset.
    ///
    /// ```swift
    /// a < b // a comes earlier in the input
    /// ```
    public static func < (lhs: SourceLocation, rhs: SourceLocation) -> Bool { lhs.offset < rhs.offset }
}
