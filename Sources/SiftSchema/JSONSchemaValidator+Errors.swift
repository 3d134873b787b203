import Sift

extension JSONSchemaValidator {
    /// Fails frame `id` on `keyword` (`keywordPath` when the keyword's pointer is longer, as
    /// `dependentRequired/name`; empty for a `false` schema).
    mutating func fail(_ id: Int, _ keyword: String, _ message: String, keywordPath: String? = nil) {
        frames[id].valid = false
        let path = keywordPath ?? keyword
        let node = schema.nodes[frames[id].node]
        var error = SchemaValidationError(
            keyword: keyword.isEmpty ? "false" : keyword,
            instancePath: instancePath(depth: frames[id].depth),
            location: location(depth: frames[id].depth),
            schemaLocation: path.isEmpty ? node.location : node.location + "/" + path,
            evaluationPath: evaluationPath(of: id) + (path.isEmpty ? "" : "/" + path),
            message: message)
        error.schemaOrder = frames[id].node
        addErrors(id, [error])
    }

    /// Gives errors to frame `id`: final errors are reported at once (and may end the parse at
    /// `maxErrors`); the others wait for the applicator that decides whether they count.
    mutating func addErrors(_ id: Int, _ list: [SchemaValidationError]) {
        guard !list.isEmpty else { return }
        guard frames[id].definite else {
            frames[id].errors += list
            return
        }
        errors += list
        errorCount += list.count
        if let maxErrors, errorCount >= maxErrors { stopped = true }
    }

    /// The path of the value at `depth`: the current member or element of each open container
    /// above it.
    private func instancePath(depth: Int) -> JSONNodePath {
        var components: [JSONNodePath.Component] = []
        components.reserveCapacity(depth)
        for level in levels.prefix(depth) {
            components.append(level.isObject ? .key(level.key) : .index(level.index))
        }
        return JSONNodePath(components)
    }

    /// Where the value at `depth` starts: an open container's start, else the event at hand.
    private func location(depth: Int) -> SourceLocation {
        if depth < levels.count { return levels[depth].location }
        return context?.location ?? SourceLocation(offset: 0, line: 1, column: 1)
    }

    /// The keywords followed from the root schema to frame `id`, as a JSON Pointer.
    private func evaluationPath(of id: Int) -> String {
        var segments: [String] = []
        var current = id
        while current >= 0, frames[current].parent >= 0 {
            let frame = frames[current]
            segments.append(
                segment(frame.role, parentNode: schema.nodes[frames[frame.parent].node], depth: frame.depth))
            current = frame.parent
        }
        return segments.reversed().joined()
    }

    private func segment(_ role: Evaluation.Role, parentNode: SchemaNode, depth: Int) -> String {
        switch role {
        case .root: ""
        case .allOf(let index): "/allOf/\(index)"
        case .anyOf(let index): "/anyOf/\(index)"
        case .oneOf(let index): "/oneOf/\(index)"
        case .not: "/not"
        case .ifBranch: "/if"
        case .thenBranch: "/then"
        case .elseBranch: "/else"
        case .ref: "/$ref"
        case .dynamicRef: "/$dynamicRef"
        case .dependentSchema(let index):
            "/dependentSchemas/" + SchemaURI.escape(parentNode.dependentSchemas[index].name)
        case .property: "/properties/" + SchemaURI.escape(levels[depth - 1].key)
        case .patternProperty(let index):
            "/patternProperties/" + SchemaURI.escape(parentNode.patternProperties[index].pattern.source)
        case .additionalProperty: "/additionalProperties"
        case .propertyName: "/propertyNames"
        case .unevaluatedProperty: "/unevaluatedProperties"
        case .prefixItem(let index): "/prefixItems/\(index)"
        case .item: "/items"
        case .contains: "/contains"
        case .unevaluatedItem: "/unevaluatedItems"
        }
    }
}
