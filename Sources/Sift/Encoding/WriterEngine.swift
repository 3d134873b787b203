internal import CYajl

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What an open container expects next.
enum WriterFrame: UInt8 {
    case objectKey, objectValue, array
}

/// The structure written so far.
///
/// It lives behind one pointer so that every call updates plain memory, without exclusivity checks.
struct WriterState {
    /// The open containers, outermost first: never more than ``JSONWriterOptions/maximumDepth``.
    let frames: UnsafeMutablePointer<WriterFrame>
    var depth = 0
    /// The innermost container is open for the caller but not yet for yajl.
    var isOpenPending = false
    /// A top-level value is complete since the last reset.
    var hasValue = false

    init() {
        frames = .allocate(capacity: JSONWriterOptions.maximumDepth + 1)
    }

    var last: WriterFrame? {
        @inline(__always) get { depth > 0 ? frames[depth - 1] : nil }
    }
}

/// The work of a ``JSONWriter``, independent of its sink type: owns the `yajl_gen`, checks every
/// call against the structure written so far, and drives yajl.
///
/// Containers are opened lazily: the innermost container the caller opened reaches yajl only
/// with its first child, so that an empty one is written as `{}` / `[]` in one piece (yajl's
/// pretty printer would spread it over two lines).
final class WriterEngine {
    let options: JSONWriterOptions
    let generator: yajl_gen
    let output: WriterOutput
    private let indent: UnsafeMutablePointer<CChar>?

    let state: UnsafeMutablePointer<WriterState>
    /// The I/O error that ended the output, thrown by every later call.
    private var failure: JSONWriterError?

    init(options: JSONWriterOptions, output: WriterOutput) {
        self.options = options
        self.output = output
        generator = yajl_gen_alloc(nil)
        state = .allocate(capacity: 1)
        state.initialize(to: WriterState())
        sift_yajl_gen_config_print_callback(generator, siftWriterPrint, Unmanaged.passUnretained(output).toOpaque())
        sift_yajl_gen_config_flag(generator, yajl_gen_escape_solidus, options.escapesSlashes ? 1 : 0)
        if options.prettyPrinted {
            sift_yajl_gen_config_flag(generator, yajl_gen_beautify, 1)
            // yajl keeps the pointer and accepts only whitespace: a filtered copy lives as long
            // as the generator.
            let text = String(options.indent.unicodeScalars.filter { " \t\n\r".unicodeScalars.contains($0) })
            indent = strdup(text)
            sift_yajl_gen_config_indent(generator, indent)
        } else {
            indent = nil
        }
    }

    deinit {
        output.drain()
        yajl_gen_free(generator)
        free(indent)
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
        guard state.pointee.depth < JSONWriterOptions.maximumDepth else {
            throw JSONWriterError(
                kind: .depthLimitExceeded,
                message: "more than \(JSONWriterOptions.maximumDepth) nested arrays and objects")
        }
        openPendingContainer()
        state.pointee.frames[state.pointee.depth] = frame
        state.pointee.depth += 1
        state.pointee.isOpenPending = true
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
        endContainer(isArray: false)
        try finishCall()
    }

    func endArray() throws(JSONWriterError) {
        try checkFailure()
        guard state.pointee.last == .array else {
            throw structureError(
                state.pointee.depth == 0 ? "endArray without an open array" : "endArray inside an object")
        }
        endContainer(isArray: true)
        try finishCall()
    }

    private func endContainer(isArray: Bool) {
        if state.pointee.isOpenPending {
            state.pointee.isOpenPending = false
            emitEmpty(isArray: isArray)
        } else if isArray {
            yajl_gen_array_close(generator)
        } else {
            yajl_gen_map_close(generator)
        }
        state.pointee.depth -= 1
        valueWritten()
    }

    /// Writes `[]` or `{}` as one token (yajl prints number text as is, with the separators
    /// and indentation of a value).
    func emitEmpty(isArray: Bool) {
        let text: StaticString = isArray ? "[]" : "{}"
        text.withUTF8Buffer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { characters in
                _ = yajl_gen_number(generator, characters.baseAddress, characters.count)
            }
        }
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
        openPendingContainer()
        yajl_gen_string(generator, bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), bytes.count)
        state.pointee.frames[state.pointee.depth - 1] = .objectValue
        try finishCall()
    }

    func string(_ bytes: UnsafeRawBufferPointer, validate: Bool) throws(JSONWriterError) {
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

    func number(_ bytes: UnsafeRawBufferPointer, validate: Bool) throws(JSONWriterError) {
        try checkFailure()
        try prepareValue()
        if validate && !JSONNumberParsing.isJSONNumber(bytes) {
            throw JSONWriterError(
                kind: .invalidNumber, message: "\"\(String(decoding: bytes, as: UTF8.self))\" is not a JSON number")
        }
        openPendingContainer()
        yajl_gen_number(generator, bytes.baseAddress?.assumingMemoryBound(to: CChar.self), bytes.count)
        valueWritten()
        try finishCall()
    }

    func bool(_ value: Bool) throws(JSONWriterError) {
        try checkFailure()
        try prepareValue()
        openPendingContainer()
        yajl_gen_bool(generator, value ? 1 : 0)
        valueWritten()
        try finishCall()
    }

    func null() throws(JSONWriterError) {
        try checkFailure()
        try prepareValue()
        openPendingContainer()
        yajl_gen_null(generator)
        valueWritten()
        try finishCall()
    }

    // MARK: Output control

    func reset() throws(JSONWriterError) {
        try checkFailure()
        guard state.pointee.depth == 0 else { throw structureError("reset inside an open container") }
        guard state.pointee.hasValue else { return }
        // Pretty output already ends each value with a newline.
        yajl_gen_reset(generator, options.prettyPrinted ? nil : "\n")
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

    // MARK: State

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

    /// Gives yajl the container the caller opened last, now that it is not empty.
    @inline(__always)
    func openPendingContainer() {
        guard state.pointee.isOpenPending else { return }
        state.pointee.isOpenPending = false
        if state.pointee.frames[state.pointee.depth - 1] == .array {
            yajl_gen_array_open(generator)
        } else {
            yajl_gen_map_open(generator)
        }
    }

    /// Records that a whole value was written at the current position.
    @inline(__always)
    func valueWritten() {
        let last = state.pointee.depth - 1
        if last < 0 {
            state.pointee.hasValue = true
        } else if state.pointee.frames[last] == .objectValue {
            state.pointee.frames[last] = .objectKey
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
