/// Writes JSON text incrementally to a ``JSONOutputSink``.
///
/// The writer holds at most one 64 KiB block of output before handing it to the sink, so a
/// ``JSONFileSink`` writes output of any size in constant memory. Write a ``JSONValue``, replay
/// ``JSONEvent``s from a tokenizer (a faithful re-encoding: numbers keep their text), or call
/// the explicit methods. Every call is checked against the structure written so far; a refused
/// call throws ``JSONWriterError`` and writes nothing.
///
/// ```swift
/// let writer = JSONWriter(options: .pretty)
/// try writer.beginObject()
/// try writer.key("name")
/// try writer.string("Ada")
/// try writer.key("langs")
/// try writer.write(["en", "fr"] as JSONValue)
/// try writer.endObject()
/// print(writer.sink.string)
/// // {
/// //   "name": "Ada",
/// //   "langs": [
/// //     "en",
/// //     "fr"
/// //   ]
/// // }
/// ```
///
/// Several top-level values (NDJSON) are separated by ``reset()``, which ends the current line.
/// Nesting has no limit of its own: the open containers take one byte each on an explicit stack,
/// so whatever a tokenizer accepts can be written back, events or ``JSONValue``. Output reaches
/// the sink in blocks: when a block is full, on ``flush()``, when ``sink`` is read, and when the
/// writer is deinitialised; an error of the sink is thrown by the call during which it happened.
public final class JSONWriter<Sink: JSONOutputSink> {
    /// How the writer lays out its output (``JSONWriterOptions``).
    public typealias Options = JSONWriterOptions

    let output: SinkOutput<Sink>
    let engine: WriterEngine

    /// Creates a writer that sends its output to `sink`.
    ///
    /// ```swift
    /// let writer = JSONWriter(sink: try JSONFileSink(path: "out.json"), options: .pretty)
    /// ```
    public init(sink: Sink, options: JSONWriterOptions = JSONWriterOptions()) {
        output = SinkOutput(sink: sink)
        engine = WriterEngine(options: options, output: output)
    }

    /// The options the writer was created with.
    ///
    /// ```swift
    /// writer.options.prettyPrinted
    /// ```
    public var options: JSONWriterOptions { engine.options }

    /// The sink, with everything written so far delivered to it.
    ///
    /// ```swift
    /// writer.sink.bytes
    /// ```
    public var sink: Sink {
        get {
            output.drain()
            return output.sink
        }
        _modify {
            output.drain()
            yield &output.sink
        }
    }

    /// The number of bytes written that the sink has not received yet (at most one 64 KiB
    /// block): with the sink's own count, everything written, without handing them over.
    ///
    /// ```swift
    /// let written = writer.bufferedByteCount + sinkByteCount
    /// ```
    public var bufferedByteCount: Int { output.staged }

    /// The number of containers open.
    ///
    /// ```swift
    /// writer.depth // 1 after beginArray()
    /// ```
    public var depth: Int { engine.depth }

    /// Whether a top-level value is complete (another one needs ``reset()`` first).
    ///
    /// ```swift
    /// if writer.isComplete { try writer.reset() }
    /// ```
    public var isComplete: Bool { engine.hasValue }

    // MARK: Values and events

    /// Writes a whole value at the current position.
    ///
    /// Only its place is checked (a value where the object expects a key, or after a complete
    /// top-level value, is refused and writes nothing); it is walked with an explicit stack, so
    /// any depth is written without deep recursion.
    ///
    /// ```swift
    /// try writer.write(["id": 1, "tags": ["a"]] as JSONValue) // {"id":1,"tags":["a"]}
    /// ```
    public func write(_ value: JSONValue) throws(JSONWriterError) {
        try engine.write(value)
    }

    /// Writes the whole value a tape captured (what ``JSONMatchView/write(to:)`` writes for a
    /// container), as ``write(_:)-(JSONValue)`` writes `tape.jsonValue()`.
    func write(_ tape: JSONTape) throws(JSONWriterError) {
        try engine.write(tape)
    }

    /// Writes the scalar of a match (what ``JSONMatchView/write(to:)`` writes for a scalar), as
    /// ``write(_:)-(JSONValue)`` writes its value: a number as the text the tokenizer checked, a
    /// string that is not valid UTF-8 (from a tokenizer that did not check it) mended with
    /// U+FFFD, as a value's string is.
    func writeMatched(_ event: JSONEvent) throws(JSONWriterError) {
        switch event {
        case .string(let bytes):
            let text = UnsafeRawBufferPointer(start: bytes.base, count: bytes.count)
            if UTF8Validation.isValid(text) {
                try engine.string(text, validate: false)
            } else {
                try engine.write(JSONValue.string(bytes.string))
            }
        case .number(let bytes):
            try engine.number(UnsafeRawBufferPointer(start: bytes.base, count: bytes.count), validate: false)
        default:
            try engine.write(event)
        }
    }

    /// Writes one event: replaying a tokenizer's events re-encodes the document faithfully (keys
    /// as keys, numbers as their exact text).
    ///
    /// String and key bytes are checked to be UTF-8 unless ``JSONWriterOptions/validatesUTF8`` is off.
    ///
    /// ```swift
    /// let writer = JSONWriter()
    /// let tokenizer = JSONTokenizer(handler: JSONEventClosure { event, _ in try writer.write(event) })
    /// try tokenizer.feed(Array(#"{ "a" : [ 1.50 ] }"#.utf8))
    /// try tokenizer.finish()
    /// writer.sink.string // {"a":[1.50]}
    /// ```
    public func write(_ event: JSONEvent) throws(JSONWriterError) {
        try engine.write(event)
    }

    // MARK: Containers

    /// Opens an object.
    ///
    /// ```swift
    /// try writer.beginObject()
    /// ```
    public func beginObject() throws(JSONWriterError) {
        try engine.beginContainer(.objectKey)
    }

    /// Closes the innermost object.
    ///
    /// ```swift
    /// try writer.endObject()
    /// ```
    public func endObject() throws(JSONWriterError) {
        try engine.endObject()
    }

    /// Opens an array.
    ///
    /// ```swift
    /// try writer.beginArray()
    /// ```
    public func beginArray() throws(JSONWriterError) {
        try engine.beginContainer(.array)
    }

    /// Closes the innermost array.
    ///
    /// ```swift
    /// try writer.endArray()
    /// ```
    public func endArray() throws(JSONWriterError) {
        try engine.endArray()
    }

    // MARK: Keys and scalars

    /// Writes the name of the next member of the innermost object.
    ///
    /// ```swift
    /// try writer.key("id")
    /// ```
    public func key(_ name: String) throws(JSONWriterError) {
        try withUTF8(of: name) { bytes throws(JSONWriterError) in try engine.key(bytes, validate: false) }
    }

    /// Writes a string value.
    ///
    /// ```swift
    /// try writer.string("héllo \"world\"") // "héllo \"world\""
    /// ```
    public func string(_ value: String) throws(JSONWriterError) {
        try withUTF8(of: value) { bytes throws(JSONWriterError) in try engine.string(bytes, validate: false) }
    }

    /// Writes a number, exactly as its text.
    ///
    /// ```swift
    /// try writer.number(JSONNumber(text: "1.50")!) // 1.50
    /// ```
    public func number(_ value: JSONNumber) throws(JSONWriterError) {
        try withUTF8(of: value.text) { bytes throws(JSONWriterError) in try engine.number(bytes, validate: false) }
    }

    /// Writes number text as is, after checking that it is in JSON's number grammar.
    ///
    /// ```swift
    /// try writer.number(text: "6.02e23")
    /// try writer.number(text: "0x1F") // throws invalidNumber
    /// ```
    public func number(text: String) throws(JSONWriterError) {
        try withUTF8(of: text) { bytes throws(JSONWriterError) in try engine.number(bytes, validate: true) }
    }

    /// Writes an integer.
    ///
    /// ```swift
    /// try writer.int(-42)
    /// ```
    public func int(_ value: some BinaryInteger) throws(JSONWriterError) {
        try withUTF8(of: String(value)) { bytes throws(JSONWriterError) in try engine.number(bytes, validate: false) }
    }

    /// Writes a double in the shortest form that reads back exactly (`0.1`, `1e+22`); NaN and
    /// infinities are ``JSONWriterError/Kind/invalidNumber``.
    ///
    /// ```swift
    /// try writer.double(0.1) // 0.1
    /// ```
    public func double(_ value: Double) throws(JSONWriterError) {
        guard value.isFinite else {
            try engine.checkFailure()
            throw JSONWriterError(kind: .invalidNumber, message: "\(value) cannot be written as JSON")
        }
        try withUTF8(of: value.description) { bytes throws(JSONWriterError) in try engine.number(bytes, validate: false)
        }
    }

    /// Writes `true` or `false`.
    ///
    /// ```swift
    /// try writer.bool(true)
    /// ```
    public func bool(_ value: Bool) throws(JSONWriterError) {
        try engine.bool(value)
    }

    /// Writes `null`.
    ///
    /// ```swift
    /// try writer.null()
    /// ```
    public func null() throws(JSONWriterError) {
        try engine.null()
    }

    // MARK: Output control

    /// Ends the current top-level value so that another one can follow: compact output gets a
    /// newline (NDJSON), pretty output already ends each value with one.
    ///
    /// Does nothing before a value is complete.
    ///
    /// ```swift
    /// for record in records { try writer.write(record); try writer.reset() }
    /// ```
    public func reset() throws(JSONWriterError) {
        try engine.reset()
    }

    /// Delivers the output held by the writer to the sink, then flushes the sink (a
    /// ``JSONFileSink`` writes its buffered bytes).
    ///
    /// ```swift
    /// try writer.flush()
    /// ```
    public func flush() throws(JSONWriterError) {
        try engine.flush()
    }

    /// Calls `body` with the UTF-8 bytes of `string`, borrowed.
    private func withUTF8(
        of string: String, _ body: (UnsafeRawBufferPointer) throws(JSONWriterError) -> Void
    ) throws(JSONWriterError) {
        var string = string
        let result = string.withUTF8 { buffer in
            Result { () throws(JSONWriterError) in try body(UnsafeRawBufferPointer(buffer)) }
        }
        try result.get()
    }
}

extension JSONWriter where Sink == JSONBufferSink {
    /// Creates a writer that keeps its output in memory (``JSONBufferSink``).
    ///
    /// ```swift
    /// let writer = JSONWriter()
    /// try writer.write([1, 2] as JSONValue)
    /// writer.sink.string // "[1,2]"
    /// ```
    public convenience init(options: JSONWriterOptions = JSONWriterOptions()) {
        self.init(sink: JSONBufferSink(), options: options)
    }
}

extension JSONWriter: JSONEventHandler {
    /// Writes each event of a tokenizer: the tokenizer re-encodes its input through the writer.
    ///
    /// ```swift
    /// let writer = JSONWriter(sink: JSONFileSink.standardOutput())
    /// let tokenizer = JSONTokenizer(handler: writer)
    /// try tokenizer.feed(bytes)
    /// try tokenizer.finish()
    /// try writer.flush()
    /// ```
    public func handle(_ event: JSONEvent, context: JSONEventContext) throws {
        try engine.write(event)
    }
}
