/// The coding key Sift's Codable bridge uses for array indices, dictionary members, `super` and
/// path prefixes, spelled the way Foundation's `JSONDecoder` spells them (an index key's string
/// value is `Index 3`), so that coding paths compare equal to Foundation's.
struct JSONCodingKey: CodingKey, Sendable {
    let stringValue: String
    let intValue: Int?

    init(stringValue: String) {
        self.stringValue = stringValue
        self.intValue = nil
    }

    init(intValue: Int) {
        self.stringValue = String(intValue)
        self.intValue = intValue
    }

    /// The key of the element at `index` of an array.
    init(index: Int) {
        self.stringValue = "Index \(index)"
        self.intValue = index
    }

    /// The key of one step of a document path: a member name, or an array index.
    init(_ component: JSONNodePath.Component) {
        switch component {
        case .key(let key): self.init(stringValue: key)
        case .index(let index): self.init(index: index)
        }
    }

    /// The key `superDecoder()` and `superEncoder()` use.
    static let superKey = JSONCodingKey(stringValue: "super")
}
