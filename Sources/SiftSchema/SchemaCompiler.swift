import Sift

/// Compiles the known schema documents into ``SchemaNode``s, one per subschema reached from the
/// root, following `$ref` and `$dynamicRef` through the registry (a cycle becomes an index that
/// points back).
struct SchemaCompiler {
    var registry: SchemaRegistry
    private(set) var nodes: [SchemaNode] = []
    private(set) var resourceURIs: [String] = []
    private var resourceIndex: [String: Int] = [:]
    private var nodeIndex: [SchemaPlace: Int] = [:]
    /// The vocabularies in use in each schema resource (by its URI), once read.
    private var vocabularies: [String: SchemaVocabularies] = [:]

    init(registry: SchemaRegistry) { self.registry = registry }

    /// The index of the node of the subschema at `place`, compiling it (and what it reaches)
    /// the first time.
    mutating func node(at place: SchemaPlace) throws(JSONSchemaError) -> Int {
        if let index = nodeIndex[place] { return index }
        guard let value = registry.value(at: place) else {
            throw JSONSchemaError(.unresolvableReference, "no schema at \(describe(place))")
        }
        let index = nodes.count
        nodeIndex[place] = index
        nodes.append(SchemaNode())
        let compiled = try compile(value, at: place)
        nodes[index] = compiled
        return index
    }

    /// The anchors that `$dynamicRef` may land on, by resource index and anchor name.
    ///
    /// Compiling an anchor's schema may add a bundled meta-schema, and its anchors, to the
    /// registry: they are read in turn until none is new.
    mutating func dynamicAnchorTable() -> [Int: [String: Int]] {
        var table: [Int: [String: Int]] = [:]
        var done: Set<String> = []
        var pending = registry.dynamicAnchors
        while !pending.isEmpty {
            for (uri, place) in pending.sorted(by: { $0.key < $1.key }) {
                done.insert(uri)
                let (resource, name) = SchemaURI.split(uri)
                guard let name, let node = try? node(at: place) else { continue }
                table[resourceNumber(resource), default: [:]][name] = node
            }
            pending = registry.dynamicAnchors.filter { !done.contains($0.key) }
        }
        return table
    }

    /// The place as its schema resource's URI and a JSON Pointer within that resource (`#/…` alone
    /// in the root schema when it has no `$id`).
    func describe(_ place: SchemaPlace) -> String {
        let documentURI = registry.documents[place.document].uri
        guard let base = registry.bases[place], let root = registry.resources[base], root.document == place.document,
            place.pointer.hasPrefix(root.pointer)
        else { return (place.document == 0 ? "" : documentURI) + "#" + place.pointer }
        let pointer = place.pointer.dropFirst(root.pointer.count)
        return (base == registry.documents[0].uri ? "" : base) + "#" + pointer
    }

    private mutating func resourceNumber(_ uri: String) -> Int {
        if let index = resourceIndex[uri] { return index }
        resourceIndex[uri] = resourceURIs.count
        resourceURIs.append(uri)
        return resourceURIs.count - 1
    }

    private mutating func child(_ place: SchemaPlace, _ tokens: String...) throws(JSONSchemaError) -> Int {
        let pointer = tokens.reduce(place.pointer) { $0 + "/" + SchemaURI.escape($1) }
        return try node(at: SchemaPlace(document: place.document, pointer: pointer))
    }

    private mutating func compile(_ value: JSONValue, at place: SchemaPlace) throws(JSONSchemaError) -> SchemaNode {
        var node = SchemaNode()
        node.location = describe(place)
        let base = registry.bases[place] ?? registry.documents[place.document].uri
        node.resource = resourceNumber(base)
        switch value {
        case .bool(let constant):
            node.constant = constant
            return node
        case .object(let object):
            let vocabularies = try self.vocabularies(of: base)
            if vocabularies.validation {
                try KeywordReader.readAssertions(object, at: node.location, into: &node)
            }
            try compileApplicators(object, at: place, base: base, vocabularies: vocabularies, into: &node)
            node.finishCompiling()
            return node
        default:
            throw JSONSchemaError(.invalidSchema, "a schema must be an object or a boolean, at \(describe(place))")
        }
    }

    /// The vocabularies of the schema resource `base`: those its meta-schema (its `$schema`,
    /// when that is a known document) declares in `$vocabulary`, else all of them.
    private mutating func vocabularies(of base: String) throws(JSONSchemaError) -> SchemaVocabularies {
        if let known = vocabularies[base] { return known }
        var found = SchemaVocabularies.all
        if let root = registry.resources[base], case .object(let object)? = registry.value(at: root),
            case .string(let metaSchema)? = object["$schema"], case .object(let meta)? = self.metaSchema(metaSchema),
            case .object(let declared)? = meta["$vocabulary"]
        {
            found = try SchemaVocabularies(declared, metaSchema: metaSchema)
        }
        vocabularies[base] = found
        return found
    }

    /// The meta-schema a `$schema` of `uri` names: a known document, else a bundled meta-schema
    /// (read only: it joins the registry when a `$ref` names it).
    private func metaSchema(_ uri: String) -> JSONValue? {
        if let place = registry.place(of: uri) { return registry.value(at: place) }
        let (resource, fragment) = SchemaURI.split(uri)
        guard fragment?.isEmpty ?? true else { return nil }
        return MetaSchemas.document(resource)
    }

    private mutating func compileApplicators(
        _ object: JSONObject, at place: SchemaPlace, base: String, vocabularies: SchemaVocabularies,
        into node: inout SchemaNode
    ) throws(JSONSchemaError) {
        for member in object {
            let key = member.key
            if !vocabularies.applicator, SchemaVocabularies.applicatorKeywords.contains(key) { continue }
            if !vocabularies.unevaluated, key == "unevaluatedProperties" || key == "unevaluatedItems" { continue }
            switch (key, member.value) {
            case ("properties", .object(let map)):
                for entry in map { node.properties[entry.key] = try child(place, key, entry.key) }
            case ("patternProperties", .object(let map)):
                for entry in map {
                    let pattern = try KeywordReader.pattern(entry.key, at: describe(place))
                    node.patternProperties.append((pattern, try child(place, key, entry.key)))
                }
            case ("dependentSchemas", .object(let map)):
                for entry in map { node.dependentSchemas.append((entry.key, try child(place, key, entry.key))) }
            case ("prefixItems", .array(let array)):
                for offset in array.indices { node.prefixItems.append(try child(place, key, "\(offset)")) }
            case ("allOf", .array(let array)):
                for offset in array.indices { node.allOf.append(try child(place, key, "\(offset)")) }
            case ("anyOf", .array(let array)):
                for offset in array.indices { node.anyOf.append(try child(place, key, "\(offset)")) }
            case ("oneOf", .array(let array)):
                for offset in array.indices { node.oneOf.append(try child(place, key, "\(offset)")) }
            case ("additionalProperties", _): node.additionalProperties = try child(place, key)
            case ("propertyNames", _): node.propertyNames = try child(place, key)
            case ("unevaluatedProperties", _): node.unevaluatedProperties = try child(place, key)
            case ("items", _): node.items = try child(place, key)
            case ("contains", _): node.contains = try child(place, key)
            case ("unevaluatedItems", _): node.unevaluatedItems = try child(place, key)
            case ("not", _): node.not = try child(place, key)
            case ("if", _): node.ifNode = try child(place, key)
            case ("then", _): node.thenNode = try child(place, key)
            case ("else", _): node.elseNode = try child(place, key)
            case ("$ref", .string(let reference)):
                node.ref = try resolve(reference, base: base)
            case ("$dynamicRef", .string(let reference)):
                let uri = SchemaURI.resolve(reference, against: base)
                let target = try resolve(reference, base: base)
                let fragment = SchemaURI.split(uri).1 ?? ""
                let dynamic = registry.dynamicAnchors[SchemaURI.split(uri).0 + "#" + fragment] != nil
                node.dynamicRef = (target, dynamic ? fragment : nil)
            default: break
            }
        }
    }

    private mutating func resolve(_ reference: String, base: String) throws(JSONSchemaError) -> Int {
        let uri = SchemaURI.resolve(reference, against: base)
        guard let place = registry.place(of: uri) ?? placeAddingMetaSchema(uri) else {
            throw JSONSchemaError(.unresolvableReference, "cannot resolve the reference \"\(reference)\" (\(uri))")
        }
        return try node(at: place)
    }

    /// The place `uri` names in the bundled meta-schema of its URI, which joins the registry;
    /// nil when no bundled meta-schema has that URI, or a known document already does.
    private mutating func placeAddingMetaSchema(_ uri: String) -> SchemaPlace? {
        let resource = SchemaURI.split(uri).0
        guard registry.resources[resource] == nil, let document = MetaSchemas.document(resource) else { return nil }
        registry.add(document, uri: resource)
        return registry.place(of: uri)
    }
}
