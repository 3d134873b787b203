import Synchronization

/// Which types are `[String: V]` (``StringKeyedDictionaryDecodable``), remembered for the
/// whole process.
///
/// Asking the runtime whether a type conforms to a protocol costs hundreds of instructions, and
/// the decoders ask it for every one-word value they decode (each array of models of every
/// element of a feed, each time). The answer never changes for a type (only Sift conforms types
/// to the protocol), so it is kept in a small direct-mapped table: a type takes the slot of its
/// metadata address, replacing whatever was there. Only "no" is taken from the table; a "yes"
/// is asked of the runtime again, since the cast is needed anyway.
///
/// ```swift
/// StringKeyedDictionaryTypes.shared.isStringKeyedDictionary([String: Int].self)  // true
/// ```
final class StringKeyedDictionaryTypes: Sendable {
    private struct Slot {
        var type: ObjectIdentifier?
        var isDictionary = false
    }

    private static var slotCount: Int { 64 }
    private let slots = Mutex([Slot](repeating: Slot(), count: StringKeyedDictionaryTypes.slotCount))

    /// The one table of the process.
    static let shared = StringKeyedDictionaryTypes()

    /// Whether `type` conforms to ``StringKeyedDictionaryDecodable``.
    func isStringKeyedDictionary(_ type: Any.Type) -> Bool {
        let id = ObjectIdentifier(type)
        let index = Int((UInt(bitPattern: Int(bitPattern: id)) >> 4) & UInt(Self.slotCount - 1))
        let known: Bool? = slots.withLock { slots in
            slots.withUnsafeBufferPointer { $0[index].type == id ? $0[index].isDictionary : nil }
        }
        if let known { return known }
        let answer = type is any StringKeyedDictionaryDecodable.Type
        slots.withLock { slots in
            slots.withUnsafeMutableBufferPointer { $0[index] = Slot(type: id, isDictionary: answer) }
        }
        return answer
    }
}
