public import Foundation
public import Sift

/// A Swift type that can be created from a JSON value with the same strict types as a
/// ``MappingSchema``: a boolean is not an integer, a number that does not fit is a wrong type.
///
/// ``KeyMapping`` uses it to set properties of ``KeyMapped`` models. Conformances: `String`,
/// `Bool`, the integer types, `Double`, `Float`, `URL`, `JSONValue`, `JSONObject`, and
/// `Optional`, `Array`, `Set` and `[String: Value]` of conforming values. Failures are thrown as a
/// ``MappingError`` whose paths are relative to the value (`$` is the value itself).
///
/// ```swift
/// let tags = try [String](jsonValue: .array([.string("a"), .string("b")])) // ["a", "b"]
/// try Int(jsonValue: .string("1")) // throws: $: wrong type: expected an integer (Int), found the string "1"
/// ```
public protocol JSONValueDecodable {
    /// Creates the value, or throws ``MappingError`` (or ``ValueDecodingError``).
    ///
    /// ```swift
    /// let flag = try Bool(jsonValue: .bool(true))
    /// ```
    init(jsonValue: JSONValue) throws
}

extension MappingError {
    /// A wrong type at the root of a value.
    static func mismatch(expected: String, found value: JSONValue) -> MappingError {
        MappingError([
            MappingFailure(.wrongType(expected: expected, found: value.summary), path: .root, location: nil)
        ])
    }

    /// A scalar that did not convert, at the root of a value.
    init(_ error: JSONConversionError) {
        self.init([MappingFailure(error, path: .root, location: nil)])
    }
}

extension JSONValueDecodable where Self: JSONScalarConvertible {
    /// A JSON scalar converted by the rules of Sift's `JSONScalarConvertible` (the same as a
    /// ``MappingSchema``'s property types and the typed paths').
    ///
    /// ```swift
    /// try Int8(jsonValue: .number(JSONNumber(100))) // 100
    /// try URL(jsonValue: .string("https://example.com"))
    /// ```
    public init(jsonValue: JSONValue) throws {
        do {
            self = try Self.converting(jsonValue)
        } catch {
            throw MappingError(error)
        }
    }
}

extension String: JSONValueDecodable {}
extension Bool: JSONValueDecodable {}
extension Int: JSONValueDecodable {}
extension Int8: JSONValueDecodable {}
extension Int16: JSONValueDecodable {}
extension Int32: JSONValueDecodable {}
extension Int64: JSONValueDecodable {}
extension UInt: JSONValueDecodable {}
extension UInt8: JSONValueDecodable {}
extension UInt16: JSONValueDecodable {}
extension UInt32: JSONValueDecodable {}
extension UInt64: JSONValueDecodable {}
extension Double: JSONValueDecodable {}
extension Float: JSONValueDecodable {}
extension URL: JSONValueDecodable {}

extension JSONValue: JSONValueDecodable {
    /// Any JSON value, as it is.
    ///
    /// ```swift
    /// try JSONValue(jsonValue: .null) // .null
    /// ```
    public init(jsonValue: JSONValue) throws {
        self = jsonValue
    }
}

extension JSONObject: JSONValueDecodable {
    /// A JSON object, members in document order.
    ///
    /// ```swift
    /// try JSONObject(jsonValue: .object(JSONObject()))
    /// ```
    public init(jsonValue: JSONValue) throws {
        guard case .object(let object) = jsonValue else {
            throw MappingError.mismatch(expected: JSONValueKind.object.description, found: jsonValue)
        }
        self = object
    }
}

extension Optional: JSONValueDecodable where Wrapped: JSONValueDecodable {
    /// `null` as nil, anything else as `Wrapped`.
    ///
    /// ```swift
    /// try String?(jsonValue: .null) // nil
    /// ```
    public init(jsonValue: JSONValue) throws {
        if case .null = jsonValue {
            self = nil
        } else {
            self = try Wrapped(jsonValue: jsonValue)
        }
    }
}

extension Array: JSONValueDecodable where Element: JSONValueDecodable {
    /// A JSON array whose elements all convert; every failing element is reported.
    ///
    /// ```swift
    /// try [Int](jsonValue: [1, 2]) // [1, 2]
    /// ```
    public init(jsonValue: JSONValue) throws {
        guard case .array(let elements) = jsonValue else {
            throw MappingError.mismatch(expected: JSONValueKind.array.description, found: jsonValue)
        }
        var result: [Element] = []
        result.reserveCapacity(elements.count)
        var failures: [MappingFailure] = []
        for (index, element) in elements.enumerated() {
            do {
                result.append(try Element(jsonValue: element))
            } catch {
                failures.append(
                    contentsOf: try KeyMappingFailures.failures(of: error, at: .index(index), isElement: true))
            }
        }
        if !failures.isEmpty { throw MappingError(failures) }
        self = result
    }
}

extension Set: JSONValueDecodable where Element: JSONValueDecodable {
    /// A JSON array whose elements all convert, as a set.
    ///
    /// ```swift
    /// try Set<String>(jsonValue: ["a", "a"]) // ["a"]
    /// ```
    public init(jsonValue: JSONValue) throws {
        self = Set(try [Element](jsonValue: jsonValue))
    }
}

extension Dictionary: JSONValueDecodable where Key == String, Value: JSONValueDecodable {
    /// A JSON object whose member values all convert (for duplicate keys the last one wins).
    ///
    /// ```swift
    /// try [String: Int](jsonValue: ["a": 1]) // ["a": 1]
    /// ```
    public init(jsonValue: JSONValue) throws {
        guard case .object(let object) = jsonValue else {
            throw MappingError.mismatch(expected: JSONValueKind.object.description, found: jsonValue)
        }
        var result: [String: Value] = [:]
        var failures: [MappingFailure] = []
        for member in object.members {
            do {
                result[member.key] = try Value(jsonValue: member.value)
            } catch {
                failures.append(
                    contentsOf: try KeyMappingFailures.failures(of: error, at: .key(member.key), isElement: false))
            }
        }
        if !failures.isEmpty { throw MappingError(failures) }
        self = result
    }
}

/// Turns what a decoder, a conversion or a validation threw into failures at a value's path.
enum KeyMappingFailures {
    /// The failures of `error` for the value at `path`: a ``ValueDecodingError`` is a decoder
    /// failure there; a ``MappingError``'s failures are placed under `path` (those at its root
    /// become failures of the value itself).
    ///
    /// In an array, failures of the element itself name `elementIndex`. Other errors are rethrown.
    static func failures(
        of error: any Error, at path: JSONNodePath, elementIndex: Int? = nil, location: SourceLocation? = nil
    ) throws -> [MappingFailure] {
        func wrap(_ detail: MappingFailure.Detail) -> MappingFailure.Detail {
            guard let elementIndex else { return detail }
            return .element(index: elementIndex, detail)
        }
        switch error {
        case let error as ValueDecodingError:
            return [MappingFailure(wrap(.decoder(message: error.message)), path: path, location: location)]
        case let error as MappingError:
            return error.failures.map { failure in
                guard failure.path.components.isEmpty else { return failure.placed(under: path) }
                return MappingFailure(wrap(failure.detail), path: path, location: failure.location ?? location)
            }
        default:
            throw error
        }
    }

    /// The failures of `error` one step below the current value.
    static func failures(of error: any Error, at component: JSONNodePath.Component, isElement: Bool) throws
        -> [MappingFailure]
    {
        var index: Int?
        if isElement, case .index(let position) = component { index = position }
        return try failures(of: error, at: JSONNodePath([component]), elementIndex: index)
    }
}
