import Sift

extension JSONSchemaValidator {
    /// The frames for a value that begins now: the root schema's for a top-level value, else
    /// those the open container's frames spawn for this member or element, each with the frames
    /// of its in-place applicators after it (pre-order, so that reversed, children come first).
    mutating func framesForNewValue(_ kind: InstanceKind) -> [Int] {
        var list: [Int] = []
        guard let last = levels.indices.last else {
            instantiate(schema.root, parent: -1, role: .root, kind: kind, into: &list)
            return list
        }
        let isObject = levels[last].isObject
        if !isObject {
            levels[last].index += 1
            levels[last].link = nil
        }
        let index = levels[last].index
        let name = levels[last].key
        for parent in levels[last].frames where frames[parent].isOpen {
            let node = schema.nodes[frames[parent].node]
            if isObject {
                spawnMember(name, of: parent, node: node, kind: kind, into: &list)
            } else {
                spawnElement(index, of: parent, node: node, kind: kind, into: &list)
            }
        }
        return list
    }

    private mutating func spawnMember(
        _ name: String, of parent: Int, node: SchemaNode, kind: InstanceKind, into list: inout [Int]
    ) {
        frames[parent].memberCount += 1
        if node.keepsMemberNames { frames[parent].memberNames.insert(name) }
        guard node.appliesToMembers else { return }
        var matched = false
        if let child = node.properties[name] {
            matched = true
            instantiate(child, parent: parent, role: .property, kind: kind, into: &list)
        }
        for (offset, entry) in node.patternProperties.enumerated() where entry.pattern.matches(name) {
            matched = true
            instantiate(entry.node, parent: parent, role: .patternProperty(offset), kind: kind, into: &list)
        }
        if matched {
            if schema.tracksAnnotations { frames[parent].annotations.names.insert(name) }
        } else if let child = node.additionalProperties {
            instantiate(child, parent: parent, role: .additionalProperty, kind: kind, into: &list)
        }
        if let child = node.unevaluatedProperties {
            instantiate(child, parent: parent, role: .unevaluatedProperty, kind: kind, into: &list)
        }
    }

    private mutating func spawnElement(
        _ index: Int, of parent: Int, node: SchemaNode, kind: InstanceKind, into list: inout [Int]
    ) {
        frames[parent].itemCount += 1
        if index < node.prefixItems.count {
            frames[parent].annotations.itemPrefix = index + 1
            instantiate(node.prefixItems[index], parent: parent, role: .prefixItem(index), kind: kind, into: &list)
        } else if let child = node.items {
            instantiate(child, parent: parent, role: .item, kind: kind, into: &list)
        }
        if let child = node.contains {
            instantiate(child, parent: parent, role: .contains, kind: kind, into: &list)
        }
        if let child = node.unevaluatedItems {
            instantiate(child, parent: parent, role: .unevaluatedItem, kind: kind, into: &list)
        }
    }

    /// Adds a frame of `node` and, after it, the frames of its in-place applicators.
    ///
    /// Recursion here follows the schema's in-place applicators, never the instance's depth; a
    /// subschema already being applied to the same value further up (a `$ref` cycle that reads
    /// nothing) is not applied again.
    mutating func instantiate(
        _ node: Int, parent: Int, role: Evaluation.Role, kind: InstanceKind, into list: inout [Int]
    ) {
        let depth = parent < 0 ? 0 : (role.isInPlace ? frames[parent].depth : frames[parent].depth + 1)
        if role.isInPlace, appliesAlready(node, above: parent) { return }
        let definite = (parent < 0 || frames[parent].definite) && role.isDefinite
        let id = allocate(Evaluation(node: node, parent: parent, role: role, depth: depth, definite: definite))
        list.append(id)
        let schemaNode = schema.nodes[node]
        guard schemaNode.constant == nil else { return }
        for (offset, child) in schemaNode.allOf.enumerated() {
            instantiate(child, parent: id, role: .allOf(offset), kind: kind, into: &list)
        }
        for (offset, child) in schemaNode.anyOf.enumerated() {
            instantiate(child, parent: id, role: .anyOf(offset), kind: kind, into: &list)
        }
        for (offset, child) in schemaNode.oneOf.enumerated() {
            instantiate(child, parent: id, role: .oneOf(offset), kind: kind, into: &list)
        }
        if let child = schemaNode.not { instantiate(child, parent: id, role: .not, kind: kind, into: &list) }
        if let child = schemaNode.ifNode {
            instantiate(child, parent: id, role: .ifBranch, kind: kind, into: &list)
            if let then = schemaNode.thenNode {
                instantiate(then, parent: id, role: .thenBranch, kind: kind, into: &list)
            }
            if let other = schemaNode.elseNode {
                instantiate(other, parent: id, role: .elseBranch, kind: kind, into: &list)
            }
        }
        if let child = schemaNode.ref { instantiate(child, parent: id, role: .ref, kind: kind, into: &list) }
        if let dynamic = schemaNode.dynamicRef {
            let target = dynamic.anchor.map { resolveDynamicAnchor($0, from: id) } ?? dynamic.node
            instantiate(target ?? dynamic.node, parent: id, role: .dynamicRef, kind: kind, into: &list)
        }
        if kind == .object {
            for (offset, entry) in schemaNode.dependentSchemas.enumerated() {
                instantiate(entry.node, parent: id, role: .dependentSchema(offset), kind: kind, into: &list)
            }
        }
    }

    /// The outermost schema resource in the dynamic scope of frame `id` that has a
    /// `$dynamicAnchor` named `anchor`.
    private func resolveDynamicAnchor(_ anchor: String, from id: Int) -> Int? {
        var resources: [Int] = []
        var current = id
        while current >= 0 {
            resources.append(schema.nodes[frames[current].node].resource)
            current = frames[current].parent
        }
        for resource in resources.reversed() {
            if let node = schema.dynamicAnchors[resource]?[anchor] { return node }
        }
        return nil
    }

    private func appliesAlready(_ node: Int, above parent: Int) -> Bool {
        var current = parent
        while current >= 0 {
            if frames[current].node == node { return true }
            guard frames[current].role.isInPlace else { return false }
            current = frames[current].parent
        }
        return false
    }

    private mutating func allocate(_ frame: Evaluation) -> Int {
        if let slot = freeFrames.popLast() {
            frames[slot] = frame
            return slot
        }
        frames.append(frame)
        return frames.count - 1
    }

}

extension Evaluation.Role {
    /// Whether the frame evaluates the same value as its parent.
    var isInPlace: Bool {
        switch self {
        case .allOf, .anyOf, .oneOf, .not, .ifBranch, .thenBranch, .elseBranch, .ref, .dynamicRef, .dependentSchema:
            true
        default: false
        }
    }
}
