import Foundation

/// The value of one mapped property: the Swift values of the scalar property types unboxed,
/// everything else (decoder outputs, models, arrays of models, arrays and dictionaries of JSON
/// values) as `Any`.
///
/// Keeping the scalars out of `Any` matters for speed: a read of a typed scalar is a switch and
/// a statically resolved cast once ``MappedEntity/value(for:as:)`` is specialized, where a cast
/// from `Any` goes through the runtime's dynamic cast.
@usableFromInline
enum MappedValue {
    case string(String)
    case int(Int)
    case uint(UInt)
    case double(Double)
    case float(Float)
    case bool(Bool)
    case url(URL)
    case other(Any)

    /// The value as a `T`, with the semantics of `as? T` on the value itself.
    @inlinable
    func cast<T>(to type: T.Type) -> T? {
        switch self {
        case .string(let value): value as? T
        case .int(let value): value as? T
        case .uint(let value): value as? T
        case .double(let value): value as? T
        case .float(let value): value as? T
        case .bool(let value): value as? T
        case .url(let value): value as? T
        case .other(let value): value as? T
        }
    }

    /// The value in an existential box.
    @usableFromInline
    var boxed: Any {
        switch self {
        case .string(let value): value
        case .int(let value): value
        case .uint(let value): value
        case .double(let value): value
        case .float(let value): value
        case .bool(let value): value
        case .url(let value): value
        case .other(let value): value
        }
    }
}

/// The values of one entity and its layout, in one allocation.
///
/// The values are stored after the header. The header also keeps where the next lookup by key
/// path starts, since models read their properties in schema order, one after another.
@usableFromInline
final class EntityStorage: ManagedBuffer<EntityStorage.Header, MappedValue?> {
    @usableFromInline
    struct Header {
        @usableFromInline let layout: EntityLayout
        @usableFromInline var count: Int
        /// The position after the last property looked up.
        @usableFromInline var next: Int
    }

    /// Empty storage for the values of `layout`'s properties.
    static func make(layout: EntityLayout) -> EntityStorage {
        let buffer = create(minimumCapacity: layout.keyPaths.count) { _ in
            Header(layout: layout, count: 0, next: 0)
        }
        return unsafeDowncast(buffer, to: EntityStorage.self)
    }

    // The header is read and written through its pointer: `header` is a stored class property,
    // and every access to it would be checked for exclusivity at run time.

    /// What every entity of the schema shares.
    @usableFromInline
    var layout: EntityLayout { withUnsafeMutablePointerToHeader { $0.pointee.layout } }

    /// The position after the last property looked up, where the next lookup starts.
    @usableFromInline
    var nextLookup: Int {
        get { withUnsafeMutablePointerToHeader { $0.pointee.next } }
        set { withUnsafeMutablePointerToHeader { $0.pointee.next = newValue } }
    }

    /// Appends the value of the next property.
    func append(_ value: consuming MappedValue?) {
        let slot = withUnsafeMutablePointers { header, values in
            precondition(header.pointee.count < header.pointee.layout.keyPaths.count, "one value per property")
            header.pointee.count &+= 1
            return values + (header.pointee.count &- 1)
        }
        // The storage outlives this call, and the slot is counted: it is initialized now.
        slot.initialize(to: value)
    }

    /// The value of the property at `index`.
    @usableFromInline
    subscript(index: Int) -> MappedValue? {
        withUnsafeMutablePointers { header, values in
            precondition(index >= 0 && index < header.pointee.count, "index out of range")
            return values[index]
        }
    }

    deinit {
        _ = withUnsafeMutablePointers { header, values in values.deinitialize(count: header.pointee.count) }
    }
}
