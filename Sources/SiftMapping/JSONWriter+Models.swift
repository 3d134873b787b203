public import Sift

extension JSONWriter {
    /// Writes a model's JSON.
    ///
    /// ```swift
    /// let writer = JSONWriter()
    /// try writer.write(model: person)
    /// print(writer.sink.string)
    /// ```
    public func write(model: some JSONRepresentable) throws {
        try write(model.jsonValue)
    }

    /// Writes a JSON array of models element by element: each model's JSON is made, written
    /// and dropped, so a large (or lazy) sequence is never held as one value.
    ///
    /// ```swift
    /// let writer = JSONWriter(sink: try JSONFileSink(path: "people.json"))
    /// try writer.writeArray(people.lazy.filter(\.isMember))
    /// ```
    public func writeArray<Models: Sequence>(_ models: Models) throws where Models.Element: JSONRepresentable {
        try beginArray()
        for model in models { try write(model.jsonValue) }
        try endArray()
    }

    /// Writes an `Encodable` value through the engine's encoder.
    ///
    /// ```swift
    /// struct Point: Codable { var x, y: Int }
    /// try writer.write(encoding: Point(x: 1, y: 2))
    /// ```
    public func write(encoding value: some Encodable, encoder: JSONValueEncoder = JSONValueEncoder()) throws {
        try write(try encoder.encode(value))
    }

    /// Writes a JSON array of `Encodable` values element by element (each encoded, written,
    /// dropped).
    ///
    /// ```swift
    /// try writer.writeArray(encoding: (0..<1_000_000).lazy.map { Point(x: $0, y: -$0) })
    /// ```
    public func writeArray<Values: Sequence>(
        encoding values: Values, encoder: JSONValueEncoder = JSONValueEncoder()
    ) throws where Values.Element: Encodable {
        try beginArray()
        for value in values { try write(try encoder.encode(value)) }
        try endArray()
    }
}
