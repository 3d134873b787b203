import Sift

/// A JSON value of a schema document with the JSON Pointer that reaches it.
struct JSONValueRef {
    var value: JSONValue
    var pointer: String
}

/// A place in one of the known schema documents: the document's index and a JSON Pointer.
struct SchemaPlace: Hashable {
    var document: Int
    var pointer: String
}

/// Every schema resource, anchor and dynamic anchor of the known documents, found once before
/// compilation: the table `$ref` and `$dynamicRef` resolve against (nothing is fetched).
struct SchemaRegistry {
    /// A known document: its retrieval URI and its JSON.
    struct Document {
        var uri: String
        var root: JSONValue
    }

    private(set) var documents: [Document] = []
    /// Resource URI (no fragment) to the place of its root.
    private(set) var resources: [String: SchemaPlace] = [:]
    /// `URI#name` of `$anchor` and `$dynamicAnchor` to their schema.
    private(set) var anchors: [String: SchemaPlace] = [:]
    /// `URI#name` of `$dynamicAnchor` only.
    private(set) var dynamicAnchors: [String: SchemaPlace] = [:]
    /// The base URI (the enclosing resource) of every subschema.
    private(set) var bases: [SchemaPlace: String] = [:]

    /// Keywords whose value is one subschema.
    static let singleSchemaKeywords: Set<String> = [
        "additionalProperties", "propertyNames", "items", "contains", "not", "if", "then", "else",
        "unevaluatedProperties", "unevaluatedItems", "contentSchema",
    ]
    /// Keywords whose value is an array of subschemas.
    static let schemaArrayKeywords: Set<String> = ["allOf", "anyOf", "oneOf", "prefixItems"]
    /// Keywords whose value is an object of subschemas.
    static let schemaMapKeywords: Set<String> = [
        "$defs", "definitions", "properties", "patternProperties", "dependentSchemas",
    ]

    /// Adds a document under `uri` and indexes its resources and anchors.
    mutating func add(_ root: JSONValue, uri: String) {
        let document = documents.count
        documents.append(Document(uri: uri, root: root))
        let place = SchemaPlace(document: document, pointer: "")
        if resources[uri] == nil { resources[uri] = place }
        index(root, at: place, base: uri)
    }

    /// The JSON at `place`.
    func value(at place: SchemaPlace) -> JSONValue? {
        let root = JSONValueRef(value: documents[place.document].root, pointer: "")
        guard let tokens = SchemaURI.pointerTokens(place.pointer) else { return nil }
        return SchemaURI.value(at: tokens, in: root)?.value
    }

    /// The place an absolute URI (with its fragment) names; nil when it names nothing known.
    func place(of uri: String) -> SchemaPlace? {
        let (resource, fragment) = SchemaURI.split(uri)
        guard let fragment, !fragment.isEmpty else { return resources[resource] }
        if let tokens = SchemaURI.pointerTokens(fragment) {
            guard let root = resources[resource] else { return nil }
            let start = JSONValueRef(value: value(at: root) ?? .null, pointer: root.pointer)
            guard let found = SchemaURI.value(at: tokens, in: start) else { return nil }
            return SchemaPlace(document: root.document, pointer: found.pointer)
        }
        return anchors[resource + "#" + fragment]
    }

    private mutating func index(_ value: JSONValue, at place: SchemaPlace, base: String) {
        guard case .object(let object) = value else {
            bases[place] = base
            return
        }
        var base = base
        if case .string(let id)? = object["$id"] {
            base = SchemaURI.split(SchemaURI.resolve(id, against: base)).0
            if resources[base] == nil { resources[base] = place }
        }
        bases[place] = base
        if case .string(let anchor)? = object["$anchor"] { anchors[base + "#" + anchor] = place }
        if case .string(let anchor)? = object["$dynamicAnchor"] {
            anchors[base + "#" + anchor] = place
            dynamicAnchors[base + "#" + anchor] = place
        }
        for member in object {
            let child = place.pointer + "/" + SchemaURI.escape(member.key)
            if Self.singleSchemaKeywords.contains(member.key) {
                index(member.value, at: SchemaPlace(document: place.document, pointer: child), base: base)
            } else if Self.schemaArrayKeywords.contains(member.key), case .array(let array) = member.value {
                for (offset, element) in array.enumerated() {
                    index(element, at: SchemaPlace(document: place.document, pointer: child + "/\(offset)"), base: base)
                }
            } else if Self.schemaMapKeywords.contains(member.key), case .object(let map) = member.value {
                for entry in map {
                    let pointer = child + "/" + SchemaURI.escape(entry.key)
                    index(entry.value, at: SchemaPlace(document: place.document, pointer: pointer), base: base)
                }
            }
        }
    }
}
