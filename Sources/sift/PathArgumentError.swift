import Sift

/// A `PATH` argument that is not a JSONPath: the parser's message at a 1-based column, the path
/// with a caret under that column (placed by display width), and, when the text looks like jq or
/// like a path the shell has expanded, a hint that says what to write instead.
///
/// `sift` prints it after `Error: ` and exits 2, without argument-parser's usage text.
///
/// ```swift
/// // Error: invalid JSONPath at column 1: expected '$'
/// //   .statuses[].id
/// //   ^
/// //   hint: a JSONPath starts with `$`: did you mean `$.statuses[*].id`?
/// ```
struct PathArgumentError: Error, CustomStringConvertible {
    /// The parser's error.
    let syntaxError: JSONPathSyntaxError

    /// Parses a `PATH` argument.
    static func parse(_ argument: String) throws(PathArgumentError) -> JSONPath {
        do {
            return try JSONPath(argument)
        } catch {
            throw PathArgumentError(syntaxError: error)
        }
    }

    var description: String {
        let expression = syntaxError.expression
        let before = String(String.UnicodeScalarView(expression.unicodeScalars.prefix(syntaxError.position)))
        var text = "invalid JSONPath at column \(syntaxError.position + 1): \(syntaxError.message)"
        if expression.isEmpty {
            text = "the JSONPath is empty"
        } else {
            text += "\n  \(expression)\n  \(DisplayWidth.padding(before: before))^"
        }
        if let hint = Self.hint(for: expression) { text += "\n  hint: \(hint)" }
        return text
    }

    /// What a jq user or a shell most likely did, when the text shows it.
    static func hint(for expression: String) -> String? {
        let shellExpanded = "did the shell expand `$`? quote the path with single quotes: sift query '$.a[1]' FILE"
        if expression.isEmpty { return shellExpanded }
        let withoutOr = expression.replacing("||", with: "")
        if withoutOr.contains("|") {
            return "JSONPath has no pipes: chain the steps (`$.a[*].b`), or pipe into a second `sift query`"
        }
        if expression.contains("select(") {
            return "a filter is written `[?...]`: jq's `.items[] | select(.price < 10)` is `$.items[?@.price < 10]`"
        }
        if expression.contains(".length()") || expression.hasSuffix(".length") {
            return "`length` is a filter function: `$.a[?length(@.tags) > 2]`; to count the matches, pipe into `wc -l`"
        }
        let words = expression.split(whereSeparator: { $0 == " " })
        if words.contains("and") || words.contains("or") {
            return "filters combine conditions with `&&` and `||`, not `and` and `or`"
        }
        if !expression.hasPrefix("$") {
            if expression.hasPrefix(".") || expression.hasPrefix("[") {
                var suggestion = expression.hasPrefix(".[") ? String(expression.dropFirst()) : expression
                if suggestion == "." { suggestion = "" }
                suggestion = "$" + suggestion.replacing("[]", with: "[*]")
                if (try? JSONPath(suggestion)) != nil {
                    return "a JSONPath starts with `$`: did you mean `\(suggestion)`?"
                }
                return "a JSONPath starts with `$`, as in `$.statuses[*].id`"
            }
            return shellExpanded
        }
        return nil
    }
}
