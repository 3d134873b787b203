import Foundation
import Sift

/// A property type's conversion from the tokenizer's scalars, by the engine's one table of
/// conversions (``JSONScalarConvertible``).
enum ValueConversion {
    enum Outcome {
        case value(MappedValue)
        case failed(JSONConversionError)
    }

    /// Converts a scalar event (not null) to the Swift type of `type`; nil when it does not
    /// convert (the fast path: nothing is described).
    @inline(__always)
    static func value(_ event: JSONEvent, as type: PropertyType) -> MappedValue? {
        switch type {
        case .string: String(jsonScalar: event).map(MappedValue.string)
        case .url: URL(jsonScalar: event).map(MappedValue.url)
        case .int: Int(jsonScalar: event).map(MappedValue.int)
        case .uint: UInt(jsonScalar: event).map(MappedValue.uint)
        case .double: Double(jsonScalar: event).map(MappedValue.double)
        case .float: Float(jsonScalar: event).map(MappedValue.float)
        case .bool: Bool(jsonScalar: event).map(MappedValue.bool)
        case .array, .dictionary: nil
        }
    }

    /// Converts a scalar event (not null) to the Swift type of `type`, or says why it does not.
    static func convert(_ event: JSONEvent, to type: PropertyType) -> Outcome {
        if let value = value(event, as: type) { return .value(value) }
        let error =
            switch type {
            case .string: String.conversionError(for: event)
            case .url: URL.conversionError(for: event)
            case .int: Int.conversionError(for: event)
            case .uint: UInt.conversionError(for: event)
            case .double: Double.conversionError(for: event)
            case .float: Float.conversionError(for: event)
            case .bool: Bool.conversionError(for: event)
            case .array, .dictionary:
                JSONConversionError(reason: .wrongKind, expected: type.expectation, found: event.summary)
            }
        return .failed(error)
    }
}

extension MappingFailure {
    /// A scalar that did not convert: an invalid URL, or a wrong type described by `expected`
    /// (the property's own expectation, which may say more than the conversion's).
    init(_ error: JSONConversionError, expected: String? = nil, path: JSONNodePath, location: SourceLocation?) {
        let detail: Detail =
            switch error.reason {
            case .invalidURL: .invalidURL(found: error.found)
            default: .wrongType(expected: expected ?? error.expected, found: error.found)
            }
        self.init(detail, path: path, location: location)
    }
}
