import Foundation

extension JSONValue: CustomStringConvertible {
    /// The value as JSON text.
    ///
    /// Nesting has no limit: the value is walked with an explicit stack. It does not fail (the
    /// error type is the writer's).
    ///
    /// ```swift
    /// let value: JSONValue = ["a": [1, "x"]]
    /// try value.jsonString()              // {"a":[1,"x"]}
    /// try value.jsonString(pretty: true)  // indented, ending with a newline
    /// ```
    public func jsonString(pretty: Bool = false) throws(JSONWriterError) -> String {
        String(decoding: try jsonBytes(options: JSONWriterOptions(prettyPrinted: pretty)), as: UTF8.self)
    }

    /// The value as UTF-8 JSON `Data`.
    ///
    /// ```swift
    /// let body = try value.jsonData()
    /// ```
    public func jsonData(pretty: Bool = false) throws(JSONWriterError) -> Data {
        Data(try jsonBytes(options: JSONWriterOptions(prettyPrinted: pretty)))
    }

    /// The value as UTF-8 JSON bytes, laid out by `options`.
    ///
    /// ```swift
    /// let bytes = try value.jsonBytes(options: .pretty)
    /// ```
    public func jsonBytes(options: JSONWriterOptions = JSONWriterOptions()) throws(JSONWriterError) -> [UInt8] {
        let writer = JSONWriter(options: options)
        try writer.write(self)
        return writer.sink.bytes
    }

    /// The value as compact JSON text.
    ///
    /// ```swift
    /// print(["ok": true] as JSONValue) // {"ok":true}
    /// ```
    public var description: String {
        do {
            return try jsonString()
        } catch {
            return "<JSONValue: \(error)>"
        }
    }
}

extension JSONObject: CustomStringConvertible {
    /// The object as compact JSON text.
    ///
    /// ```swift
    /// print(["id": 1] as JSONObject) // {"id":1}
    /// ```
    public var description: String {
        JSONValue.object(self).description
    }
}
