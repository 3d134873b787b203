/// What the Codable decoders learned about the types they decode, remembered for one run:
/// whether a type is a `[String: V]` (``StringKeyedDictionaryDecodable``).
///
/// Asking the runtime whether a type conforms to a protocol costs hundreds of instructions, and a
/// run asks it for every nested value it decodes (for each `Status` and `User` of a feed, each
/// time). The answers are kept in a small direct-mapped table: a type takes the slot of its
/// metadata address, replacing whatever was there.
///
/// Used by one run at a time (a matcher's tape builder owns it, with its ``TapeKeyCache``).
final class DecodableTypeCache: @unchecked Sendable {
    private struct Slot {
        var type: ObjectIdentifier?
        var dictionaryType: (any StringKeyedDictionaryDecodable.Type)?
    }

    private static let slotCount = 64
    @exclusivity(unchecked) private var slots = [Slot](repeating: Slot(), count: DecodableTypeCache.slotCount)

    /// `type` as a `[String: V]` type, nil when it is not one.
    func stringKeyedDictionaryType(_ type: Any.Type) -> (any StringKeyedDictionaryDecodable.Type)? {
        let id = ObjectIdentifier(type)
        let slot = (UInt(bitPattern: Int(bitPattern: id)) >> 4) & UInt(Self.slotCount - 1)
        return slots.withUnsafeMutableBufferPointer { slots in
            let index = Int(slot)
            if slots[index].type == id { return slots[index].dictionaryType }
            let answer = type as? any StringKeyedDictionaryDecodable.Type
            slots[index] = Slot(type: id, dictionaryType: answer)
            return answer
        }
    }
}
