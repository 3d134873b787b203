import NIOCore
import Sift

// The engine behind `ObjectDataMapper` and `ArrayDataMapper` until the path engine and the
// streaming Codable decoder replace it: follows a dotted root key path through the tokenizer's
// events and hands back the JSON text of the value found there, or of each of its elements,
// as soon as that value's closing token has been read. Everything outside the requested value
// is only tokenized (validated), never kept.

/// A value read at the root key path: its JSON text, and where it was in the document.
struct CapturedJSON {
    /// The value's JSON text: the exact source bytes for arrays and objects, a re-encoding for
    /// scalars.
    var text: [UInt8]
    /// The value's path, e.g. `$.authors[3]`.
    var path: JSONNodePath
}

/// Which value at the root key path a capture hands back.
enum CaptureTarget {
    /// The value itself.
    case value
    /// Each element of the array found there.
    case elements
}

/// Parses a dotted root key path (`"data.authors"`); nil or empty names the root value.
func rootKeyPathComponents(_ keyPath: String?) -> [String] {
    guard let keyPath, !keyPath.isEmpty else { return [] }
    return keyPath.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
}

/// Follows the root key path event by event and records where captured values start and end.
///
/// Containers are captured as source byte ranges (absolute offsets; the session slices them out
/// of the chunks); scalars are re-encoded from their event.
struct KeyPathFollower: JSONEventHandler {
    enum Completed {
        case range(start: Int, end: Int, path: JSONNodePath)
        case scalar(text: [UInt8], path: JSONNodePath)
    }

    private enum Phase {
        case searching
        case capturing(startDepth: Int, path: JSONNodePath)
        case inArray(depth: Int)
        case done
        case notFound(String)
    }

    let keys: [[UInt8]]
    let keyPath: JSONNodePath
    let target: CaptureTarget

    private var phase = Phase.searching
    private var depth = 0
    /// Keys of the path matched so far by the value expected or open on the path.
    private var level = 0
    /// The depth inside the open object that lies on the path (0 until the root object opens).
    private var objectDepth = -1
    /// Whether the next value to begin is the value at `keys[0..<level]`.
    private var expectingOnPath = true
    private var elementIndex = 0

    /// The absolute offset of the first byte of the container being captured, if one is open.
    private(set) var openCaptureStart: Int?
    /// Captures completed since the last `takeCompleted()`.
    private(set) var completed: [Completed] = []
    /// Whether the value at the root key path was found.
    private(set) var found = false

    init(keyPath: String?, target: CaptureTarget) {
        let names = rootKeyPathComponents(keyPath)
        self.keys = names.map { Array($0.utf8) }
        self.keyPath = JSONNodePath(names.map { .key($0) })
        self.target = target
    }

    mutating func takeCompleted() -> [Completed] {
        defer { completed.removeAll(keepingCapacity: true) }
        return completed
    }

    /// Why nothing was found, once the document has ended.
    var notFoundReason: String? {
        if found { return nil }
        if case .notFound(let reason) = phase { return reason }
        return "the document has no value there"
    }

    mutating func handle(_ event: JSONEvent, context: JSONEventContext) throws {
        let depthBefore = depth
        switch event {
        case .startObject, .startArray: depth += 1
        case .endObject, .endArray: depth -= 1
        default: break
        }
        switch phase {
        case .searching:
            try search(event, depthBefore: depthBefore, context: context)
        case .capturing(let startDepth, let path):
            if depth == startDepth, isEnd(event), let start = openCaptureStart {
                completed.append(.range(start: start, end: context.offset + 1, path: path))
                openCaptureStart = nil
                phase = target == .elements ? .inArray(depth: startDepth) : .done
            }
        case .inArray(let arrayDepth):
            if case .endArray = event, depthBefore == arrayDepth {
                phase = .done
                return
            }
            let path = keyPath.appending(.index(elementIndex))
            elementIndex += 1
            begin(event, depthBefore: depthBefore, path: path, context: context)
        case .done, .notFound:
            break
        }
    }

    private mutating func search(_ event: JSONEvent, depthBefore: Int, context: JSONEventContext) throws {
        if expectingOnPath, event.beginsValue {
            expectingOnPath = false
            if level == keys.count {
                found = true
                switch target {
                case .value:
                    phase = .done
                    begin(event, depthBefore: depthBefore, path: keyPath, context: context)
                case .elements:
                    guard case .startArray = event else {
                        throw DataMapperError(
                            message: "expected an array at root key path `\(keyPathText)`, found \(Self.kind(of: event))",
                            path: keyPath, location: context.location)
                    }
                    phase = .inArray(depth: depth)
                }
            } else if case .startObject = event {
                objectDepth = depth
            } else {
                phase = .notFound("\(pathText(level)) is \(Self.kind(of: event)), not an object")
            }
            return
        }
        guard depthBefore == objectDepth else { return }
        switch event {
        case .key(let name) where name.equals(keys[level]):
            level += 1
            expectingOnPath = true
        case .endObject:
            phase = .notFound("\(pathText(level)) has no member `\(String(decoding: keys[level], as: UTF8.self))`")
        default:
            break
        }
    }

    private mutating func begin(_ event: JSONEvent, depthBefore: Int, path: JSONNodePath, context: JSONEventContext) {
        switch event {
        case .startObject, .startArray:
            openCaptureStart = context.offset
            phase = .capturing(startDepth: depthBefore, path: path)
        default:
            completed.append(.scalar(text: Self.encodeScalar(event), path: path))
        }
    }

    private func isEnd(_ event: JSONEvent) -> Bool {
        switch event {
        case .endObject, .endArray: true
        default: false
        }
    }

    /// The root key path as written, `$` for the root.
    var keyPathText: String {
        guard !keys.isEmpty else { return "$" }
        return keys.map { String(decoding: $0, as: UTF8.self) }.joined(separator: ".")
    }

    private func pathText(_ count: Int) -> String {
        count == 0 ? "the root value" : "`" + keys.prefix(count).map { String(decoding: $0, as: UTF8.self) }.joined(separator: ".") + "`"
    }

    static func kind(of event: JSONEvent) -> String {
        switch event {
        case .startObject: "an object"
        case .startArray: "an array"
        case .string: "a string"
        case .number: "a number"
        case .bool: "a boolean"
        case .null: "null"
        default: "a token"
        }
    }

    /// The JSON text of a scalar event.
    static func encodeScalar(_ event: JSONEvent) -> [UInt8] {
        switch event {
        case .number(let text): return text.array
        case .bool(let value): return Array((value ? "true" : "false").utf8)
        case .null: return Array("null".utf8)
        case .string(let text):
            var result: [UInt8] = [UInt8(ascii: "\"")]
            result.reserveCapacity(text.count + 2)
            for byte in text {
                switch byte {
                case UInt8(ascii: "\""): result += [UInt8(ascii: "\\"), UInt8(ascii: "\"")]
                case UInt8(ascii: "\\"): result += [UInt8(ascii: "\\"), UInt8(ascii: "\\")]
                case 0..<0x20:
                    let hex = Array("0123456789abcdef".utf8)
                    result += Array("\\u00".utf8) + [hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]]
                default: result.append(byte)
                }
            }
            result.append(UInt8(ascii: "\""))
            return result
        default: return []
        }
    }
}

/// Feeds body chunks to a tokenizer running a ``KeyPathFollower`` and slices the captured values'
/// bytes out of the chunks. Only the bytes of a value still open at the end of a chunk are kept.
struct KeyPathCaptureSession {
    private let tokenizer: JSONTokenizer<KeyPathFollower>
    /// The bytes of the open capture that arrived in earlier chunks.
    private var carry: [UInt8] = []
    /// The absolute offset of the next chunk's first byte.
    private var offset = 0

    init(keyPath: String?, target: CaptureTarget, options: JSONParserOptions) {
        tokenizer = JSONTokenizer(options: options, handler: KeyPathFollower(keyPath: keyPath, target: target))
    }

    /// Parses one chunk; returns the values completed in it, in document order.
    mutating func consume(_ chunk: ByteBuffer) throws -> [CapturedJSON] {
        let base = offset
        let bytes = chunk.readableBytesView
        try tokenizer.feed(bytes)
        offset += bytes.count
        var result: [CapturedJSON] = []
        for item in tokenizer.handler.takeCompleted() {
            switch item {
            case .scalar(let text, let path):
                result.append(CapturedJSON(text: text, path: path))
            case .range(let start, let end, let path):
                let endIndex = bytes.startIndex + (end - base)
                if start >= base {
                    result.append(CapturedJSON(text: Array(bytes[(bytes.startIndex + start - base)..<endIndex]), path: path))
                } else {
                    carry.append(contentsOf: bytes[bytes.startIndex..<endIndex])
                    result.append(CapturedJSON(text: carry, path: path))
                    carry = []
                }
            }
        }
        if let start = tokenizer.handler.openCaptureStart {
            if start >= base {
                carry = Array(bytes[(bytes.startIndex + start - base)...])
            } else {
                carry.append(contentsOf: bytes)
            }
        }
        return result
    }

    /// Ends the input: returns a top-level scalar completed there, or throws when the document
    /// is incomplete or holds nothing at the root key path.
    mutating func finish() throws -> [CapturedJSON] {
        try tokenizer.finish()
        let result = tokenizer.handler.takeCompleted().compactMap { item -> CapturedJSON? in
            if case .scalar(let text, let path) = item { return CapturedJSON(text: text, path: path) }
            return nil
        }
        if let reason = tokenizer.handler.notFoundReason {
            throw DataMapperError(
                message: "no value at root key path `\(tokenizer.handler.keyPathText)`: \(reason)",
                path: tokenizer.handler.keyPath)
        }
        return result
    }
}
