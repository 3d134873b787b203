/// What an open container expects next.
enum WriterFrame: UInt8 {
    case objectKey, objectValue, array
}

/// The structure written so far: the open containers on an explicit stack, so that nesting is
/// limited by memory alone (one byte per level), never by the call stack.
///
/// It lives behind one pointer so that every call updates plain memory, without exclusivity checks.
struct WriterState {
    /// The open containers, outermost first.
    var frames: UnsafeMutablePointer<WriterFrame>
    var capacity = 64
    var depth = 0
    /// The innermost container has no child yet (it is written `[]` / `{}` if it ends so).
    var isEmpty = false
    /// A top-level value is complete since the last reset.
    var hasValue = false

    init() {
        frames = .allocate(capacity: capacity)
    }

    var last: WriterFrame? {
        @inline(__always) get { depth > 0 ? frames[depth - 1] : nil }
    }

    /// Opens a container.
    @inline(__always)
    mutating func push(_ frame: WriterFrame) {
        if depth == capacity { frames = frames.grown(keeping: depth, capacity: &capacity, minimum: depth + 1) }
        frames[depth] = frame
        depth += 1
        isEmpty = true
    }
}

/// The work of a ``JSONWriter``, independent of its sink type: checks every call against the
/// structure written so far and writes JSON text into its ``WriterOutput``.
///
/// Layout: compact output has no whitespace at all. Pretty output puts each member or element on
/// a line of its own, indented by the options' indent once per level, `": "` after a key, and a
/// newline after each top-level value; an empty container is `[]` / `{}` on one line.
final class WriterEngine {
    let options: JSONWriterOptions
    let output: WriterOutput
    let isPretty: Bool
    let escapesSlashes: Bool
    /// The options' indent (whitespace only), repeated ``indentRepeats`` times: pretty output
    /// indents deep lines a block at a time.
    let indentBlock: [UInt8]
    let indentLength: Int
    static let indentRepeats = 32

    let state: UnsafeMutablePointer<WriterState>
    /// The open containers of a tape being written compact (``write(_:)-(JSONTape)``), an
    /// array kept from one tape to the next.
    var tapeContainers = ContiguousArray<UInt32>()
    /// The I/O error that ended the output, thrown by every later call.
    private var failure: JSONWriterError?

    init(options: JSONWriterOptions, output: WriterOutput) {
        self.options = options
        self.output = output
        isPretty = options.prettyPrinted
        escapesSlashes = options.escapesSlashes
        let indent = Array(options.indent.utf8.filter { " \t\n\r".utf8.contains($0) })
        indentLength = indent.count
        indentBlock = Array([[UInt8]](repeating: indent, count: Self.indentRepeats).joined())
        state = .allocate(capacity: 1)
        state.initialize(to: WriterState())
    }

    deinit {
        output.drain()
        state.pointee.frames.deallocate()
        state.deinitialize(count: 1)
        state.deallocate()
    }

    var depth: Int { state.pointee.depth }
    var hasValue: Bool { state.pointee.hasValue }

    // MARK: Containers

    func beginContainer(_ frame: WriterFrame) throws(JSONWriterError) {
        try checkFailure()
        try prepareValue()
        openContainer(frame)
        try finishCall()
    }

    func endObject() throws(JSONWriterError) {
        try checkFailure()
        switch state.pointee.last {
        case .objectKey: break
        case .objectValue: throw structureError("the object was closed after a key without its value")
        case .array: throw structureError("endObject inside an array")
        case nil: throw structureError("endObject without an open object")
        }
        closeContainer(UInt8(ascii: "}"))
        try finishCall()
    }

    func endArray() throws(JSONWriterError) {
        try checkFailure()
        guard state.pointee.last == .array else {
            throw structureError(
                state.pointee.depth == 0 ? "endArray without an open array" : "endArray inside an object")
        }
        closeContainer(UInt8(ascii: "]"))
        try finishCall()
    }

    // MARK: Keys and scalars

    func key(_ bytes: UnsafeRawBufferPointer, validate: Bool) throws(JSONWriterError) {
        try checkFailure()
        guard state.pointee.last == .objectKey else {
            throw structureError(
                state.pointee.last == .objectValue
                    ? "a key where the previous key's value is expected" : "a key outside an object")
        }
        if validate && options.validatesUTF8 && !UTF8Validation.isValid(bytes) {
            throw JSONWriterError(kind: .invalidUTF8, message: "the key is not valid UTF-8")
        }
        writeKey(bytes)
        try finishCall()
    }

    func string(_ bytes: UnsafeRawBufferPointer, validate: Bool) throws(JSONWriterError) {
        try checkFailure()
        try prepareValue()
        if validate && options.validatesUTF8 && !UTF8Validation.isValid(bytes) {
            throw JSONWriterError(kind: .invalidUTF8, message: "the string is not valid UTF-8")
        }
        writeString(bytes)
        try finishCall()
    }

    func number(_ bytes: UnsafeRawBufferPointer, validate: Bool) throws(JSONWriterError) {
        try checkFailure()
        try prepareValue()
        if validate && !JSONNumberParsing.isJSONNumber(bytes) {
            throw JSONWriterError(
                kind: .invalidNumber, message: "\"\(String(decoding: bytes, as: UTF8.self))\" is not a JSON number")
        }
        writeNumber(bytes)
        try finishCall()
    }

    func bool(_ value: Bool) throws(JSONWriterError) {
        try checkFailure()
        try prepareValue()
        writeLiteral(value ? "true" : "false")
        try finishCall()
    }

    func null() throws(JSONWriterError) {
        try checkFailure()
        try prepareValue()
        writeLiteral("null")
        try finishCall()
    }

    // MARK: Output control

    func reset() throws(JSONWriterError) {
        try checkFailure()
        guard state.pointee.depth == 0 else { throw structureError("reset inside an open container") }
        guard state.pointee.hasValue else { return }
        // Pretty output already ends each value with a newline.
        if !isPretty { output.append(UInt8(ascii: "\n")) }
        state.pointee.hasValue = false
        try finishCall()
    }

    func flush() throws(JSONWriterError) {
        try checkFailure()
        output.drain()
        try finishCall()
        do {
            try output.flushSink()
        } catch {
            let failure = Self.ioError(error)
            self.failure = failure
            throw failure
        }
    }

    // MARK: Checks

    @inline(__always)
    func checkFailure() throws(JSONWriterError) {
        if let failure { throw failure }
    }

    /// Checks that a value may come now.
    @inline(__always)
    func prepareValue() throws(JSONWriterError) {
        if let last = state.pointee.last {
            if last == .objectKey {
                throw JSONWriterError(
                    kind: .keysMustBeStrings, message: "an object member needs a key before its value")
            }
        } else if state.pointee.hasValue {
            throw JSONWriterError(
                kind: .generationComplete, message: "a top-level value is complete: call reset() before writing another"
            )
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
