import Sift

// How payloads combine (the rules of ``ViewModelBuilder``, applied per property by ``HubField``):
// what a payload does not mention is kept; dictionaries merge shallowly with new keys winning;
// components with the same identifier merge into one and new ones append in order. Parsed models
// are first *normalized* (duplicates inside one payload merged); merges assume both sides are
// normalized.

/// Finds components by explicit identifier in a list that only grows: short lists are scanned,
/// longer ones indexed incrementally (the index catches up with elements appended since).
struct ComponentIndex {
    private var positions: [String: Int] = [:]
    private var indexedCount = 0

    /// The position of the first component among the first `count` of `list` with the explicit
    /// identifier `identifier`.
    mutating func position(of identifier: String, in list: [ComponentModel], count: Int) -> Int? {
        if count <= 8 && indexedCount == 0 {
            // Index by index: reading two properties in place copies no component.
            for position in 0..<count
            where !list[position].hasGeneratedIdentifier && list[position].identifier == identifier {
                return position
            }
            return nil
        }
        while indexedCount < count {
            let component = list[indexedCount]
            if !component.hasGeneratedIdentifier && positions[component.identifier] == nil {
                positions[component.identifier] = indexedCount
            }
            indexedCount += 1
        }
        return positions[identifier]
    }

    /// Merges each normalized component of `new` into the component of `list` with its
    /// identifier, or appends it.
    static func merge(_ new: [ComponentModel], into list: inout [ComponentModel], index: inout ComponentIndex) {
        if list.isEmpty {
            // `new` is normalized: no two of its components share an identifier.
            list = new
            return
        }
        for component in new {
            if !component.hasGeneratedIdentifier,
                let position = index.position(of: component.identifier, in: list, count: list.count)
            {
                list[position].merge(component)
            } else {
                list.append(component)
            }
        }
    }

    /// Normalizes every component of the list and merges those sharing an identifier into the
    /// first of them, in place (no copy of the list or of its components).
    static func deduplicate(_ list: inout [ComponentModel]) {
        guard !list.isEmpty else { return }
        var index = ComponentIndex()
        // A long list is indexed as it is scanned: room for every identifier at once, so the
        // index never grows and rehashes on the way.
        if list.count > 8 { index.positions.reserveCapacity(list.count) }
        var kept = 0
        for position in list.indices {
            list[position].normalize()
            if !list[position].hasGeneratedIdentifier,
                let first = index.position(of: list[position].identifier, in: list, count: kept)
            {
                let duplicate = list[position]
                list[first].merge(duplicate)
            } else {
                if kept != position { list.swapAt(kept, position) }
                kept += 1
            }
        }
        list.removeSubrange(kept...)
    }
}
