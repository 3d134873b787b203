import Sift

extension MatchPrinter {
    /// The object `--with-path` writes for a match: `{"path":...,"value":...}`, led by the line
    /// (from 1) and byte offset (from 0) of the value's first byte when the matcher located it
    /// (`--lines`), so that a match can be traced to its record, and before them by the input's
    /// name when the command reads more than one.
    ///
    /// ```swift
    /// MatchPrinter.record(of: 7, path: [.key("id")], location: nil)
    /// // {"path":"$['id']","value":7}
    /// MatchPrinter.record(of: 7, path: [.key("id")], location: SourceLocation(offset: 57, line: 2, column: 7))
    /// // {"line":2,"offset":57,"path":"$['id']","value":7}
    /// MatchPrinter.record(of: 7, path: [.key("id")], location: nil, file: "b.json")
    /// // {"file":"b.json","path":"$['id']","value":7}
    /// ```
    static func record(
        of value: JSONValue, path: JSONNodePath?, location: SourceLocation?, file: String? = nil
    ) -> JSONValue {
        var members: [JSONObject.Member] = []
        if let file { members.append(.init(key: "file", value: .string(file))) }
        if let location {
            members.append(.init(key: "line", value: .number(JSONNumber(location.line))))
            members.append(.init(key: "offset", value: .number(JSONNumber(location.offset))))
        }
        members.append(.init(key: "path", value: .string((path ?? .root).normalized)))
        members.append(.init(key: "value", value: value))
        return .object(JSONObject(members))
    }
}
