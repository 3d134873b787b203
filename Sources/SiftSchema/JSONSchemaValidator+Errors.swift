import Sift

extension JSONSchemaValidator {
    /// Fails frame `id` on `keyword` (`keywordPath` when the keyword's pointer is longer, as
    /// `dependentRequired/name`; empty for a `false` schema).
    mutating func fail(_ id: Int, _ keyword: String, _ message: String, keywordPath: String? = nil) {
        if frames[id].valid { decisionDue = true }
        frames[id].valid = false
        let path = keywordPath ?? keyword
        let node = schema.nodes[frames[id].node]
        let depth = frames[id].depth
        // The paths are links shared with the errors around this one, made whole only when the
        // error is reported: an error waiting on a branch costs the same at any depth.
        var error = SchemaValidationError(
            keyword: keyword.isEmpty ? "false" : keyword, instancePath: .root, location: location(depth: depth),
            schemaLocation: path.isEmpty ? node.location : node.location + "/" + path,
            evaluationPath: path.isEmpty ? "" : "/" + path, message: message)
        error.pendingPath = pathLink(depth: depth)
        error.pendingEvaluation = evaluationLink(of: id)
        error.schemaOrder = frames[id].node
        addErrors(id, [error])
    }

    /// Gives errors to frame `id`: final errors are reported at once (and may end the parse at
    /// `maxErrors`); the others wait for the applicator that decides whether they count.
    mutating func addErrors(_ id: Int, _ list: [SchemaValidationError]) {
        guard !list.isEmpty else { return }
        guard frames[id].definite else {
            frames[id].extra().errors += list
            return
        }
        errors += list.map { error in
            var whole = error
            whole.materialize()
            return whole
        }
        errorCount += list.count
        if let maxErrors, errorCount >= maxErrors { stopped = true }
    }

    /// The path of the value at `depth`, as a link.
    ///
    /// The current member or element of each open container above it. Each open level keeps its
    /// link until its member or element changes, so links are made once per level, however many
    /// errors ask.
    private mutating func pathLink(depth: Int) -> PathLink? {
        guard depth > 0 else { return nil }
        var start = depth - 1
        while start >= 0, levels[start].link == nil { start -= 1 }
        var link = start >= 0 ? levels[start].link : nil
        for level in (start + 1)..<depth {
            let component: JSONNodePath.Component =
                levels[level].isObject ? .key(key(at: level)) : .index(levels[level].index)
            link = PathLink(parent: link, component: component)
            levels[level].link = link
        }
        return link
    }

    /// Where the value at `depth` starts: an open container's start, else the event at hand.
    private func location(depth: Int) -> SourceLocation {
        if depth < levels.count { return levels[depth].location }
        return context?.location ?? SourceLocation(offset: 0, line: 1, column: 1)
    }

    /// The keywords followed from the root schema to frame `id`, as a link (nil at the root).
    ///
    /// Each frame keeps its link once asked, so frames further down reuse it.
    private mutating func evaluationLink(of id: Int) -> EvaluationLink? {
        var chain: [Int] = []
        var current = id
        while current >= 0, frames[current].parent >= 0, storedEvaluationLink(current) == nil {
            chain.append(current)
            current = frames[current].parent
        }
        var link = current >= 0 && frames[current].parent >= 0 ? storedEvaluationLink(current) : nil
        for frame in chain.reversed() {
            let parentNode = schema.nodes[frames[frames[frame].parent].node]
            link = EvaluationLink(
                parent: link,
                segment: segment(frames[frame].role, parentNode: parentNode, depth: frames[frame].depth)
                    + (frames[frame].throughRef ? "/$ref" : ""))
            if evaluationLinks.count <= frame {
                evaluationLinks.append(contentsOf: repeatElement(nil, count: frame + 1 - evaluationLinks.count))
            }
            evaluationLinks[frame] = link
        }
        return link
    }

    private func storedEvaluationLink(_ id: Int) -> EvaluationLink? {
        id < evaluationLinks.count ? evaluationLinks[id] : nil
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
        case .property: "/properties/" + SchemaURI.escape(key(at: depth - 1))
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
