import Foundation
import Testing

@testable import Sift

/// Records the events of a parse as values that outlive the event.
enum ValuesRecordedEvent: Equatable {
    case startObject, endObject, startArray, endArray
    case key([UInt8])
    case string([UInt8])
    case number([UInt8])
    case bool(Bool)
    case null

    init(_ event: JSONEvent) {
        switch event {
        case .startObject: self = .startObject
        case .endObject: self = .endObject
        case .startArray: self = .startArray
        case .endArray: self = .endArray
        case .key(let bytes): self = .key(bytes.array)
        case .string(let bytes): self = .string(bytes.array)
        case .number(let bytes): self = .number(bytes.array)
        case .bool(let value): self = .bool(value)
        case .null: self = .null
        }
    }

    /// Replays the event with borrowed bytes.
    func withEvent<Result>(_ body: (JSONEvent) throws -> Result) rethrows -> Result {
        func borrowed(_ bytes: [UInt8], _ make: (JSONBytes) -> JSONEvent) throws -> Result {
            try bytes.withUnsafeBytes { buffer in try body(make(JSONBytes(buffer))) }
        }
        switch self {
        case .startObject: return try body(.startObject)
        case .endObject: return try body(.endObject)
        case .startArray: return try body(.startArray)
        case .endArray: return try body(.endArray)
        case .key(let bytes): return try borrowed(bytes) { .key($0) }
        case .string(let bytes): return try borrowed(bytes) { .string($0) }
        case .number(let bytes): return try borrowed(bytes) { .number($0) }
        case .bool(let value): return try body(.bool(value))
        case .null: return try body(.null)
        }
    }

    static func record(_ text: String, options: JSONParserOptions = JSONParserOptions()) throws -> [ValuesRecordedEvent]
    {
        var events: [ValuesRecordedEvent] = []
        let tokenizer = JSONTokenizer(
            options: options,
            handler: JSONEventClosure { event, _ in
                events.append(ValuesRecordedEvent(event))
            })
        try tokenizer.feed(Array(text.utf8))
        try tokenizer.finish()
        return events
    }
}
