import Foundation

/// The value of one mapped property: the Swift values of the scalar property types unboxed,
/// everything else (decoder outputs, models, arrays of models, arrays and dictionaries of JSON
/// values) in a ``MappedBox``, or ``missing``.
///
/// Keeping the scalars out of `Any` matters for speed: a read of a typed scalar is a switch and
/// a statically resolved cast once ``MappedEntity/value(for:as:)`` is specialized, where a cast
/// from `Any` goes through the runtime's dynamic cast; a boxed value read as its own type is a
/// class cast. No value is a case of its own, not an `Optional`: copies of an optional of this
/// enum go through the run time's generic witnesses.
@usableFromInline
enum MappedValue {
    /// No value: the property is missing or `null` (and optional).
    case missing
    case string(String)
    case int(Int)
    case uint(UInt)
    case double(Double)
    case float(Float)
    case bool(Bool)
    case url(URL)
    case other(MappedBox)

    /// The value as a `T`, with the semantics of `as? T` on the value itself.
    @inlinable @inline(__always)
    func cast<T>(to type: T.Type) -> T? {
        switch self {
        case .missing: nil
        case .string(let value): value as? T
        case .int(let value): value as? T
        case .uint(let value): value as? T
        case .double(let value): value as? T
        case .float(let value): value as? T
        case .bool(let value): value as? T
        case .url(let value): value as? T
        case .other(let box):
            if let typed = box as? TypedMappedBox<T> { typed.wrapped } else { box.value as? T }
        }
    }

    /// Whether this is ``missing``.
    @usableFromInline
    var isMissing: Bool {
        if case .missing = self { return true }
        return false
    }

    /// The value in an existential box.
    @usableFromInline
    var boxed: Any {
        switch self {
        case .missing: Any?.none as Any
        case .string(let value): value
        case .int(let value): value
        case .uint(let value): value
        case .double(let value): value
        case .float(let value): value
        case .bool(let value): value
        case .url(let value): value
        case .other(let box): box.value
        }
    }
}

/// A mapped value of any type, in a box that knows the type (see ``TypedMappedBox``).
@usableFromInline
class MappedBox {
    /// The value, as an existential.
    @usableFromInline
    var value: Any { preconditionFailure("overridden") }
}

/// A mapped value boxed with its type: reading it as that type is a class cast, not a dynamic
/// cast of an existential.
///
/// Boxes are made where the type is generic and runs unspecialized (a model kind, a collector,
/// a decoder box): those keep the box's type, found once, as ``boxType``, since naming
/// `TypedMappedBox<Value>` there looks its metadata up every time.
@usableFromInline
final class TypedMappedBox<Wrapped>: MappedBox {
    @usableFromInline let wrapped: Wrapped

    required init(_ wrapped: Wrapped) {
        self.wrapped = wrapped
    }

    @usableFromInline
    override var value: Any { wrapped }
}

/// The values of one entity and its layout, in one allocation.
///
/// The values are stored after the header. The header also keeps where the next lookup by key
/// path starts, since models read their properties in schema order, one after another.
@usableFromInline
final class EntityStorage: ManagedBuffer<EntityStorage.Header, MappedValue> {
    @usableFromInline
    struct Header {
        @usableFromInline let layout: EntityLayout
        /// How many values follow the header: one per property of the layout, all initialized.
        @usableFromInline let count: Int
        /// The position after the last property looked up.
        @usableFromInline var next: Int
    }

    /// Storage for the values of `layout`'s properties, all missing.
    static func make(layout: EntityLayout) -> EntityStorage {
        let count = layout.keyPaths.count
        let buffer = unsafeDowncast(
            create(minimumCapacity: count) { _ in Header(layout: layout, count: count, next: 0) },
            to: EntityStorage.self)
        let values = buffer.values
        for index in 0..<count { (values + index).initialize(to: .missing) }
        return buffer
    }

    // The header and the values are reached through their pointers, taken once per access:
    // `header` is a stored class property that every access would check for exclusivity at run
    // time, and the closures of `withUnsafeMutablePointers` copied values through the
    // run time's generic witnesses of `Optional`.

    @inline(__always)
    private var headerPointer: UnsafeMutablePointer<Header> { withUnsafeMutablePointerToHeader { $0 } }

    @usableFromInline
    var values: UnsafeMutablePointer<MappedValue> { withUnsafeMutablePointerToElements { $0 } }

    /// What every entity of the schema shares.
    @usableFromInline
    var layout: EntityLayout { headerPointer.pointee.layout }

    /// The position after the last property looked up, where the next lookup starts.
    @usableFromInline
    var nextLookup: Int {
        get { headerPointer.pointee.next }
        set { headerPointer.pointee.next = newValue }
    }

    /// The value of the property at `index` as a `T` (``MappedValue/cast(to:)``), read in place.
    @inlinable @inline(__always)
    func value<T>(at index: Int, as type: T.Type) -> T? {
        precondition(index >= 0 && index < count, "index out of range")
        return values[index].cast(to: T.self)
    }

    /// How many values the storage holds.
    @usableFromInline
    var count: Int { headerPointer.pointee.count }

    /// The value of the property at `index`.
    @usableFromInline
    subscript(index: Int) -> MappedValue {
        get {
            precondition(index >= 0 && index < count, "index out of range")
            return values[index]
        }
        set {
            precondition(index >= 0 && index < count, "index out of range")
            values[index] = newValue
        }
    }

    /// Makes every value missing again, so that the storage can serve another entity of its
    /// layout.
    func empty() {
        let values = values
        for index in 0..<count {
            let value = values + index
            if case .missing = value.pointee { continue }
            _ = value.move()
            value.initialize(to: .missing)
        }
        nextLookup = 0
    }

    deinit {
        let values = values
        for index in 0..<count { _ = (values + index).move() }
    }
}
