import Foundation
import Testing

@testable import Sift

/// Test-only helpers for the Codable suites: a minimal JSON text → `JSONValue` builder on top of
/// the tokenizer, outcome comparison with Foundation's `JSONDecoder`, and JSON value equivalence.
enum CodableTestSupport {
    /// Parses JSON text into a `JSONValue` with the tokenizer, members in document order.
    static func parse(_ text: String) throws -> JSONValue {
        try parse(bytes: Array(text.utf8))
    }

    /// Parses JSON bytes into a `JSONValue`, feeding them in chunks of `chunkSize` bytes.
    static func parse(bytes: [UInt8], chunkSize: Int = 4096) throws -> JSONValue {
        try parse(bytes: bytes, chunkSize: chunkSize, recordingLocationsWhere: { _ in false }).value
    }

    /// Parses JSON bytes, also noting where each value whose path satisfies `record` begins.
    static func parse(
        bytes: [UInt8], chunkSize: Int = 4096, recordingLocationsWhere record: @escaping (JSONNodePath) -> Bool
    ) throws -> (value: JSONValue, locations: [JSONNodePath: Sift.SourceLocation]) {
        let builder = ValueBuilder()
        var locations: [JSONNodePath: Sift.SourceLocation] = [:]
        let tokenizer = JSONTokenizer(
            handler: JSONEventClosure { event, context in
                if event.beginsValue {
                    let path = context.path
                    if record(path) { locations[path] = context.location }
                }
                builder.handle(event)
            })
        try tokenizer.feedAll(bytes, inPiecesOf: chunkSize)
        return (try #require(builder.result), locations)
    }

    /// Builds one value from events with a stack of open containers.
    private final class ValueBuilder {
        private enum Frame {
            case array([JSONValue])
            case object(JSONObject, key: String?)
        }

        private var stack: [Frame] = []
        private(set) var result: JSONValue?

        func handle(_ event: JSONEvent) {
            switch event {
            case .startObject: stack.append(.object(JSONObject(), key: nil))
            case .startArray: stack.append(.array([]))
            case .key(let bytes):
                guard case .object(let object, _) = stack.removeLast() else { fatalError("key outside an object") }
                stack.append(.object(object, key: bytes.string))
            case .endObject, .endArray:
                switch stack.removeLast() {
                case .array(let elements): add(.array(elements))
                case .object(let object, _): add(.object(object))
                }
            case .string(let bytes): add(.string(bytes.string))
            case .number(let bytes): add(.number(JSONNumber(text: bytes.string)!))
            case .bool(let value): add(.bool(value))
            case .null: add(.null)
            }
        }

        private func add(_ value: JSONValue) {
            guard let top = stack.popLast() else {
                result = value
                return
            }
            switch top {
            case .array(var elements):
                elements.append(value)
                stack.append(.array(elements))
            case .object(var object, let key):
                object.append(key: key!, value: value)
                stack.append(.object(object, key: nil))
            }
        }
    }

    // MARK: - Outcomes

    /// One step of a coding path, comparable.
    struct PathKey: Equatable, CustomStringConvertible {
        var stringValue: String
        var intValue: Int?

        init(_ key: any CodingKey) {
            stringValue = key.stringValue
            intValue = key.intValue
        }

        var description: String { intValue.map { "[\($0)]" } ?? stringValue }
    }

    /// What a decode produced: a value, or the kind of `DecodingError` and its coding path.
    enum Outcome<T: Equatable>: Equatable, CustomStringConvertible {
        case value(T)
        case error(kind: String, path: [PathKey])
        case otherError(String)

        init(_ body: () throws -> T) {
            do {
                self = .value(try body())
            } catch let error as DecodingError {
                let (kind, context) = CodableTestSupport.describe(error)
                self = .error(kind: kind, path: context.codingPath.map(PathKey.init))
            } catch {
                self = .otherError(String(describing: error))
            }
        }

        /// Whether this (Sift's) outcome is Foundation's: equal, or both `dataCorrupted` where
        /// Foundation, for a number that does not fit the requested type, gives an empty coding
        /// path ("The given data was not valid JSON.") and Sift the path of the number.
        func matches(foundation: Outcome<T>) -> Bool {
            if self == foundation { return true }
            if case .error("dataCorrupted", let path) = self, !path.isEmpty,
                case .error("dataCorrupted", []) = foundation
            {
                return true
            }
            return false
        }

        var description: String {
            switch self {
            case .value(let value): "value(\(value))"
            case .error(let kind, let path): "\(kind) at \(path.map(\.description).joined(separator: "."))"
            case .otherError(let message): "error \(message)"
            }
        }
    }

    /// The case name of a `DecodingError` and its context.
    static func describe(_ error: DecodingError) -> (String, DecodingError.Context) {
        switch error {
        case .typeMismatch(_, let context): ("typeMismatch", context)
        case .valueNotFound(_, let context): ("valueNotFound", context)
        case .keyNotFound(_, let context): ("keyNotFound", context)
        case .dataCorrupted(let context): ("dataCorrupted", context)
        @unknown default: ("unknown", DecodingError.Context(codingPath: [], debugDescription: ""))
        }
    }

    /// Decodes `json` as `T` with both decoders: the tokenizer-built value through Sift's, the
    /// text through Foundation's.
    ///
    /// Sift's decoder also decodes the same JSON captured as a ``JSONTape`` (what the path engine
    /// hands Codable destinations): any difference in value or error is recorded as an issue.
    static func outcomes<T: Decodable & Equatable>(
        _ type: T.Type, _ json: String, sift: JSONValueDecoder = JSONValueDecoder(),
        foundation: JSONDecoder = JSONDecoder(), sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) throws -> (sift: Outcome<T>, foundation: Outcome<T>) {
        let value = try parse(json)
        let tape = try parse(tape: json)
        let fromValue = Detailed { try sift.decode(type, from: value, at: .root, location: nil) }
        let fromTape = Detailed { try sift.decode(type, from: tape, at: .root, location: nil) }
        #expect(fromTape == fromValue, "tape decoding differs for \(json)", sourceLocation: sourceLocation)
        return (
            Outcome { try sift.decode(type, from: value) },
            Outcome { try foundation.decode(type, from: Data(json.utf8)) }
        )
    }

    /// Captures JSON text as a ``JSONTape``, feeding it in chunks of `chunkSize` bytes.
    static func parse(tape json: String, chunkSize: Int = 3) throws -> JSONTape {
        let bytes = Array(json.utf8)
        let tokenizer = JSONTokenizer(handler: TapeRecorder())
        try tokenizer.feedAll(bytes, inPiecesOf: chunkSize)
        return tokenizer.handler.builder.tape
    }

    private struct TapeRecorder: JSONEventHandler {
        var builder = JSONTapeBuilder()
        mutating func handle(_ event: JSONEvent, context: JSONEventContext) {
            _ = builder.consume(event)
        }
    }

    /// A decode's result or its error in full (kind, coding path, message, underlying errors).
    enum Detailed<T: Equatable>: Equatable, CustomStringConvertible {
        case value(T)
        case error(String)

        init(_ body: () throws -> T) {
            do {
                self = .value(try body())
            } catch let error as DecodingError {
                let (kind, context) = CodableTestSupport.describe(error)
                let path = context.codingPath.map { PathKey($0).description }.joined(separator: ".")
                self = .error(
                    "\(kind) at \(path): \(context.debugDescription) <\(String(describing: context.underlyingError))>")
            } catch {
                self = .error(String(describing: error))
            }
        }

        var description: String {
            switch self {
            case .value(let value): "value(\(value))"
            case .error(let message): message
            }
        }
    }

    // MARK: - Equivalence

    /// Whether two JSON values are the same JSON: numbers by value (integers exactly), objects
    /// regardless of member order, arrays in order.
    static func equivalent(_ lhs: JSONValue, _ rhs: JSONValue, orderedKeys: Bool = false) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): return true
        case (.bool(let a), .bool(let b)): return a == b
        case (.string(let a), .string(let b)): return a == b
        case (.number(let a), .number(let b)): return sameNumber(a.text, b.text)
        case (.array(let a), .array(let b)):
            return a.count == b.count && zip(a, b).allSatisfy { equivalent($0, $1, orderedKeys: orderedKeys) }
        case (.object(let a), .object(let b)):
            guard a.count == b.count else { return false }
            if orderedKeys {
                return zip(a.members, b.members).allSatisfy {
                    $0.key == $1.key && equivalent($0.value, $1.value, orderedKeys: true)
                }
            }
            return a.members.allSatisfy { member in
                guard let other = b[member.key] else { return false }
                return equivalent(member.value, other)
            }
        default: return false
        }
    }

    private static func sameNumber(_ a: String, _ b: String) -> Bool {
        if a == b { return true }
        let isInteger = { (text: String) in !text.contains { ".eE".contains($0) } }
        if isInteger(a) && isInteger(b) {
            return Decimal(string: a) == Decimal(string: b)
        }
        return Double(a) == Double(b)
    }

    /// Foundation's output for `value`, parsed back into a `JSONValue`.
    static func foundationJSON<T: Encodable>(_ value: T, _ encoder: JSONEncoder = JSONEncoder()) throws -> JSONValue {
        let data = try encoder.encode(value)
        return try parse(bytes: Array(data))
    }
}
