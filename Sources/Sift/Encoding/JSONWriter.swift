internal import CYajl

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes JSON text incrementally to a ``JSONOutputSink``, on top of yajl's generator.
///
/// Output goes to the sink piece by piece as it is generated: the writer holds nothing, so a
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
/// Nesting is limited to ``JSONWriterOptions/maximumDepth`` (127) levels by yajl.
public final class JSONWriter<Sink: JSONOutputSink> {
    /// How the writer lays out its output (``JSONWriterOptions``).
    public typealias Options = JSONWriterOptions

    /// The options the writer was created with.
    ///
    /// ```swift
    /// writer.options.prettyPrinted
    /// ```
    public let options: JSONWriterOptions

    let generator: yajl_gen
    let output: SinkOutput<Sink>
    private let indent: UnsafeMutablePointer<CChar>?

    /// What each open container expects next, innermost last.
    enum Frame: UInt8 {
        case objectKey, objectValue, array
    }
    private(set) var frames: [Frame] = []
    /// The innermost container is open for the caller but not yet for yajl: an empty one is
    /// written as `{}` / `[]` in one piece (yajl's pretty printer would split it over lines).
    private var isOpenPending = false
    /// A top-level value is complete since the last reset.
    private var hasValue = false
    /// The I/O error that ended the output, thrown by every later call.
    private var failure: JSONWriterError?

    /// Creates a writer that sends its output to `sink`.
    ///
    /// ```swift
    /// let writer = JSONWriter(sink: try JSONFileSink(path: "out.json"), options: .pretty)
    /// ```
    public init(sink: Sink, options: JSONWriterOptions = JSONWriterOptions()) {
        self.options = options
        output = SinkOutput(sink: sink)
        generator = yajl_gen_alloc(nil)
        frames.reserveCapacity(16)
        sift_yajl_gen_config_print_callback(generator, siftWriterPrint, Unmanaged.passUnretained(output).toOpaque())
        sift_yajl_gen_config_flag(generator, yajl_gen_escape_solidus, options.escapesSlashes ? 1 : 0)
        if options.prettyPrinted {
            sift_yajl_gen_config_flag(generator, yajl_gen_beautify, 1)
            // yajl keeps the pointer: the copy lives as long as the writer.
            let text = String(options.indent.unicodeScalars.filter { " \t\n\r".unicodeScalars.contains($0) })
            indent = strdup(text)
            sift_yajl_gen_config_indent(generator, indent)
        } else {
            indent = nil
        }
    }

    deinit {
        yajl_gen_free(generator)
        free(indent)
    }

    /// The sink, with whatever it has received.
    ///
    /// ```swift
    /// writer.sink.bytes
    /// ```
    public var sink: Sink {
        get { output.sink }
        _modify { yield &output.sink }
    }

    /// The number of containers open.
    ///
    /// ```swift
    /// writer.depth // 1 after beginArray()
    /// ```
    public var depth: Int { frames.count }

    /// Whether a top-level value is complete (another one needs ``reset()`` first).
    ///
    /// ```swift
    /// if writer.isComplete { try writer.reset() }
    /// ```
    public var isComplete: Bool { hasValue }

    // MARK: Containers

    /// Opens an object.
    ///
    /// ```swift
    /// try writer.beginObject()
    /// ```
    public func beginObject() throws(JSONWriterError) {
        try beginContainer(.objectKey)
    }

    /// Closes the innermost object.
    ///
    /// ```swift
    /// try writer.endObject()
    /// ```
    public func endObject() throws(JSONWriterError) {
        try checkFailure()
        switch frames.last {
        case .objectKey: break
        case .objectValue: throw structureError("the object was closed after a key without its value")
        case .array: throw structureError("endObject inside an array")
        case nil: throw structureError("endObject without an open object")
        }
        endContainer(isArray: false)
        try finishCall()
    }

    /// Opens an array.
    ///
    /// ```swift
    /// try writer.beginArray()
    /// ```
    public func beginArray() throws(JSONWriterError) {
        try beginContainer(.array)
    }

    /// Closes the innermost array.
    ///
    /// ```swift
    /// try writer.endArray()
    /// ```
    public func endArray() throws(JSONWriterError) {
        try checkFailure()
        guard frames.last == .array else {
            throw structureError(frames.isEmpty ? "endArray without an open array" : "endArray inside an object")
        }
        endContainer(isArray: true)
        try finishCall()
    }

    private func beginContainer(_ frame: Frame) throws(JSONWriterError) {
        try checkFailure()
        try prepareValue()
        guard frames.count < JSONWriterOptions.maximumDepth else {
            throw JSONWriterError(
                kind: .depthLimitExceeded,
                message: "more than \(JSONWriterOptions.maximumDepth) nested arrays and objects")
        }
        openPendingContainer()
        frames.append(frame)
        isOpenPending = true
    }

    private func endContainer(isArray: Bool) {
        if isOpenPending {
            isOpenPending = false
            let text: StaticString = isArray ? "[]" : "{}"
            _ = text.withUTF8Buffer { yajl_gen_number(generator, UnsafeRawPointer($0.baseAddress!).assumingMemoryBound(to: CChar.self), 2) }
        } else {
            _ = isArray ? yajl_gen_array_close(generator) : yajl_gen_map_close(generator)
        }
        frames.removeLast()
        valueWritten()
    }

    // MARK: Keys and scalars

    /// Writes the name of the next member of the innermost object.
    ///
    /// ```swift
    /// try writer.key("id")
    /// ```
    public func key(_ name: String) throws(JSONWriterError) {
        try withUTF8(of: name) { bytes throws(JSONWriterError) in
            try key(bytes: bytes, validate: false)
        }
    }

    /// Writes a string value.
    ///
    /// ```swift
    /// try writer.string("héllo \"world\"") // "héllo \"world\""
    /// ```
    public func string(_ value: String) throws(JSONWriterError) {
        try withUTF8(of: value) { bytes throws(JSONWriterError) in
            try string(bytes: bytes, validate: false)
        }
    }

    /// Writes a number, exactly as its text.
    ///
    /// ```swift
    /// try writer.number(JSONNumber(text: "1.50")!) // 1.50
    /// ```
    public func number(_ value: JSONNumber) throws(JSONWriterError) {
        try value.withBytes { bytes in
            Result { () throws(JSONWriterError) in try number(bytes: UnsafeRawBufferPointer(start: bytes.base, count: bytes.count), validate: false) }
        }.get()
    }

    /// Writes number text as is, after checking that it is in JSON's number grammar.
    ///
    /// ```swift
    /// try writer.number(text: "6.02e23")
    /// try writer.number(text: "0x1F") // throws invalidNumber
    /// ```
    public func number(text: String) throws(JSONWriterError) {
        try withUTF8(of: text) { bytes throws(JSONWriterError) in
            try number(bytes: bytes, validate: true)
        }
    }

    /// Writes an integer.
    ///
    /// ```swift
    /// try writer.int(-42)
    /// ```
    public func int(_ value: some BinaryInteger) throws(JSONWriterError) {
        try withUTF8(of: String(value)) { bytes throws(JSONWriterError) in
            try number(bytes: bytes, validate: false)
        }
    }

    /// Writes a double in the shortest form that reads back exactly (`0.1`, `1e+22`); NaN and
    /// infinities are ``JSONWriterError/Kind/invalidNumber``.
    ///
    /// ```swift
    /// try writer.double(0.1) // 0.1
    /// ```
    public func double(_ value: Double) throws(JSONWriterError) {
        guard value.isFinite else {
            try checkFailure()
            throw JSONWriterError(kind: .invalidNumber, message: "\(value) cannot be written as JSON")
        }
        try withUTF8(of: value.description) { bytes throws(JSONWriterError) in
            try number(bytes: bytes, validate: false)
        }
    }

    /// Writes `true` or `false`.
    ///
    /// ```swift
    /// try writer.bool(true)
    /// ```
    public func bool(_ value: Bool) throws(JSONWriterError) {
        try checkFailure()
        try prepareValue()
        openPendingContainer()
        yajl_gen_bool(generator, value ? 1 : 0)
        valueWritten()
        try finishCall()
    }

    /// Writes `null`.
    ///
    /// ```swift
    /// try writer.null()
    /// ```
    public func null() throws(JSONWriterError) {
        try checkFailure()
        try prepareValue()
        openPendingContainer()
        yajl_gen_null(generator)
        valueWritten()
        try finishCall()
    }

    func key(bytes: UnsafeRawBufferPointer, validate: Bool) throws(JSONWriterError) {
        try checkFailure()
        guard frames.last == .objectKey else {
            throw structureError(
                frames.last == .objectValue ? "a key where the previous key's value is expected"
                    : "a key outside an object")
        }
        if validate && options.validatesUTF8 && !UTF8Validation.isValid(bytes) {
            throw JSONWriterError(kind: .invalidUTF8, message: "the key is not valid UTF-8")
        }
        openPendingContainer()
        yajl_gen_string(generator, bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), bytes.count)
        frames[frames.count - 1] = .objectValue
        try finishCall()
    }

    func string(bytes: UnsafeRawBufferPointer, validate: Bool) throws(JSONWriterError) {
        try checkFailure()
        try prepareValue()
        if validate && options.validatesUTF8 && !UTF8Validation.isValid(bytes) {
            throw JSONWriterError(kind: .invalidUTF8, message: "the string is not valid UTF-8")
        }
        openPendingContainer()
        yajl_gen_string(generator, bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), bytes.count)
        valueWritten()
        try finishCall()
    }

    func number(bytes: UnsafeRawBufferPointer, validate: Bool) throws(JSONWriterError) {
        try checkFailure()
        try prepareValue()
        if validate && !JSONNumber.isValidText(bytes) {
            throw JSONWriterError(
                kind: .invalidNumber,
                message: "\"\(String(decoding: bytes, as: UTF8.self))\" is not a JSON number")
        }
        openPendingContainer()
        yajl_gen_number(generator, bytes.baseAddress?.assumingMemoryBound(to: CChar.self), bytes.count)
        valueWritten()
        try finishCall()
    }

    // MARK: Output control

    /// Ends the current top-level value so that another one can follow: compact output gets a
    /// newline (NDJSON), pretty output already ends each value with one. Does nothing before a
    /// value is complete.
    ///
    /// ```swift
    /// for record in records { try writer.write(record); try writer.reset() }
    /// ```
    public func reset() throws(JSONWriterError) {
        try checkFailure()
        guard frames.isEmpty else { throw structureError("reset inside an open container") }
        guard hasValue else { return }
        if options.prettyPrinted {
            yajl_gen_reset(generator, nil)
        } else {
            yajl_gen_reset(generator, "\n")
        }
        hasValue = false
        try finishCall()
    }

    /// Flushes the sink (a ``JSONFileSink`` writes its buffered bytes). An empty container just
    /// opened may stay held back until its first child or its end.
    ///
    /// ```swift
    /// try writer.flush()
    /// ```
    public func flush() throws(JSONWriterError) {
        try checkFailure()
        do {
            try output.sink.flush()
        } catch {
            let failure = Self.ioError(error)
            self.failure = failure
            throw failure
        }
    }

    // MARK: State

    /// Calls `body` with the UTF-8 bytes of `string`, borrowed.
    @inline(__always)
    private func withUTF8(of string: String, _ body: (UnsafeRawBufferPointer) throws(JSONWriterError) -> Void) throws(JSONWriterError) {
        var string = string
        let result = string.withUTF8 { buffer in
            Result { () throws(JSONWriterError) in try body(UnsafeRawBufferPointer(buffer)) }
        }
        try result.get()
    }

    @inline(__always)
    func checkFailure() throws(JSONWriterError) {
        if let failure { throw failure }
    }

    /// Checks that a value may come now.
    @inline(__always)
    func prepareValue() throws(JSONWriterError) {
        if let last = frames.last {
            if last == .objectKey {
                throw JSONWriterError(kind: .keysMustBeStrings, message: "an object member needs a key before its value")
            }
        } else if hasValue {
            throw JSONWriterError(
                kind: .generationComplete, message: "a top-level value is complete: call reset() before writing another")
        }
    }

    /// Gives yajl the container the caller opened last, now that it is not empty.
    @inline(__always)
    func openPendingContainer() {
        guard isOpenPending else { return }
        isOpenPending = false
        if frames[frames.count - 1] == .array {
            yajl_gen_array_open(generator)
        } else {
            yajl_gen_map_open(generator)
        }
    }

    /// Records that a whole value was written at the current position.
    @inline(__always)
    func valueWritten() {
        let last = frames.count - 1
        if last < 0 {
            hasValue = true
        } else if frames[last] == .objectValue {
            frames[last] = .objectKey
        }
    }

    /// Turns a failure of the sink during the call into the writer's final error.
    @inline(__always)
    func finishCall() throws(JSONWriterError) {
        if let error = output.failure {
            let failure = Self.ioError(error)
            self.failure = failure
            throw failure
        }
    }

    private static func ioError(_ error: any Error) -> JSONWriterError {
        if let error = error as? JSONWriterError, error.kind == .ioError { return error }
        return JSONWriterError(kind: .ioError, message: String(describing: error), underlyingError: error)
    }

    private func structureError(_ message: String) -> JSONWriterError {
        JSONWriterError(kind: .invalidStructure, message: message)
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

/// The object yajl's print callback reaches: forwards each piece of output to the sink.
class WriterOutput {
    /// The first error the sink threw; later output is dropped.
    var failure: (any Error)?

    func receive(_ bytes: JSONBytes) {}
}

final class SinkOutput<Sink: JSONOutputSink>: WriterOutput {
    var sink: Sink

    init(sink: Sink) {
        self.sink = sink
    }

    override func receive(_ bytes: JSONBytes) {
        guard failure == nil else { return }
        do {
            try sink.write(bytes)
        } catch {
            failure = error
        }
    }
}

/// yajl's print callback: the context is the writer's ``WriterOutput``, unretained.
private func siftWriterPrint(_ context: UnsafeMutableRawPointer?, _ text: UnsafePointer<CChar>?, _ length: Int) {
    guard length > 0, let context, let text else { return }
    Unmanaged<WriterOutput>.fromOpaque(context)._withUnsafeGuaranteedRef { output in
        output.receive(JSONBytes(base: UnsafeRawPointer(text).assumingMemoryBound(to: UInt8.self), count: length))
    }
}
