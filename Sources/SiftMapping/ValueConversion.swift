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
    ///
    /// `validated`: the tokenizer that delivered the event validates UTF-8, so a string's text
    /// is made without checking it again (``JSONBytes/string(validated:)``).
    @inline(__always)
    static func value(_ event: JSONEvent, as type: PropertyType, validated: Bool) -> MappedValue? {
        switch type {
        case .string:
            guard case .string(let bytes) = event else { return nil }
            return .string(bytes.string(validated: validated))
        case .url: return URL(jsonScalar: event, validated: validated).map(MappedValue.url)
        case .int: return Int(jsonScalar: event).map(MappedValue.int)
        case .uint: return UInt(jsonScalar: event).map(MappedValue.uint)
        case .double: return Double(jsonScalar: event).map(MappedValue.double)
        case .float: return Float(jsonScalar: event).map(MappedValue.float)
        case .bool: return Bool(jsonScalar: event).map(MappedValue.bool)
        case .array, .dictionary: return nil
        }
    }

    /// Converts a scalar event (not null) to the Swift type of `type`, or says why it does not
    /// (`validated` as for ``value(_:as:validated:)``).
    static func convert(_ event: JSONEvent, to type: PropertyType, validated: Bool) -> Outcome {
        if let value = value(event, as: type, validated: validated) { return .value(value) }
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
