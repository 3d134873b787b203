import ArgumentParser
import Sift

/// One `--field NAME=@.rel`: a column of a record, read by an RFC 9535 path relative to each
/// value the query selects (`@` is that value).
///
/// A singular path (names and indices only, such as `@.user.screen_name` or `@.tags[0]`) gives
/// its value, or null when it is missing; any other path (wildcards, `..`, slices, unions,
/// filters) gives an array of the values it selects, empty when there are none, so that a
/// column has one shape in every record.
///
/// ```swift
/// let field = try RecordField(argument: "name=@.user.screen_name")
/// field.name        // "name"
/// field.isSingular  // true
/// ```
struct RecordField {
    /// The member name in the record, and the column header.
    let name: String
    /// The path, relative to the selected value.
    let path: JSONPath
    /// Whether the path selects at most one value.
    let isSingular: Bool

    /// Parses `NAME=@REL`; throws a ``ValidationError`` that shows the form and the path error.
    init(parsing argument: String) throws {
        guard let equals = argument.firstIndex(of: "="), equals != argument.startIndex else {
            throw ValidationError(
                "--field takes NAME=@PATH, such as id=@.id or name=@.user.screen_name, not '\(argument)'.")
        }
        name = String(argument[..<equals])
        let relative = argument[argument.index(after: equals)...]
        guard relative.hasPrefix("@") else {
            throw ValidationError(
                "--field \(name): the path is relative to each match and starts with '@' (\(name)=@.\(name)), not '\(relative)'."
            )
        }
        do {
            path = try JSONPath("$" + relative.dropFirst())
        } catch {
            throw ValidationError("--field \(name): \(error.message) at column \(error.position + 1) of '\(relative)'.")
        }
        isSingular = Self.isSingular(relative.dropFirst())
    }

    /// The transform argument-parser calls: the error keeps its text.
    static func parse(_ argument: String) throws -> RecordField {
        try RecordField(parsing: argument)
    }

    /// Whether `path` (after `@`) has only name and index selectors, one per segment.
    static func isSingular(_ path: Substring) -> Bool {
        var quote: Character?
        var previous: Character?
        for character in path {
            if let open = quote {
                if character == open && previous != "\\" { quote = nil }
            } else if character == "'" || character == "\"" {
                quote = character
            } else if "*?:,".contains(character) || (character == "." && previous == ".") {
                return false
            }
            previous = character
        }
        return true
    }

    /// The value of the field in one record, from the values its path selected there.
    func value(of values: [JSONValue]) -> JSONValue {
        isSingular ? (values.first ?? .null) : .array(values)
    }
}
