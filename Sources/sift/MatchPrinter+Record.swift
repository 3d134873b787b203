import Sift

extension MatchPrinter {
    /// The members `--with-path` writes before a match's `"value"`: `"path"`, led by the line
    /// (from 1) and byte offset (from 0) of the value's first byte when the matcher located it
    /// (`--lines`), so that a match can be traced to its record, and before them by the input's
    /// name when the command reads more than one.
    ///
    /// ```swift
    /// MatchPrinter.recordHead(path: [.key("id")], location: nil)
    /// // "path": "$['id']", then "value" (written from the match): {"path":"$['id']","value":7}
    /// MatchPrinter.recordHead(path: [.key("id")], location: SourceLocation(offset: 57, line: 2, column: 7))
    /// // {"line":2,"offset":57,"path":"$['id']","value":7}
    /// MatchPrinter.recordHead(path: [.key("id")], location: nil, file: "b.json")
    /// // {"file":"b.json","path":"$['id']","value":7}
    /// ```
    static func recordHead(path: JSONNodePath?, location: SourceLocation?, file: String? = nil) -> [JSONObject.Member] {
        var members: [JSONObject.Member] = []
        if let file { members.append(.init(key: "file", value: .string(file))) }
        if let location {
            members.append(.init(key: "line", value: .number(JSONNumber(location.line))))
            members.append(.init(key: "offset", value: .number(JSONNumber(location.offset))))
        }
        members.append(.init(key: "path", value: .string((path ?? .root).normalized)))
        return members
    }
}
