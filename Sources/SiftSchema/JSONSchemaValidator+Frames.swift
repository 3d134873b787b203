import Sift

extension JSONSchemaValidator {
    /// Pushes the frames for a value that begins now.
    ///
    /// The root schema's for a top-level value, else those the open container's frames spawn for
    /// this member or element, each with the frames of its in-place applicators after it
    /// (pre-order, so that popped, children come first). The value's frames are
    /// `frames[start...]`, `start` the count before the call.
    mutating func pushFramesForNewValue(_ kind: JSONValueKind) {
        guard let last = levels.indices.last else {
            instantiate(schema.root, parent: -1, role: .root, kind: kind)
            return
        }
        let isObject = levels[last].isObject
        if !isObject {
            levels[last].index += 1
            levels[last].link = nil
        }
        let index = levels[last].index
        for parent in levels[last].frames where frames[parent].isOpen {
            let node = schema.nodes[frames[parent].node]
            if isObject {
                spawnMember(at: last, of: parent, node: node, kind: kind)
            } else {
                spawnElement(index, of: parent, node: node, kind: kind)
            }
        }
    }

    /// The current member name of the object at `level`, as a `String`.
    func key(at level: Int) -> String {
        let range = levels[level].keyStart..<levels[level].keyEnd
        return keyBytes.withUnsafeBufferPointer {
            String(decoding: UnsafeBufferPointer(rebasing: $0[range]), as: UTF8.self)
        }
    }

    /// The index in `node`'s ``SchemaNode/members`` of the current member name at `level`.
    private func memberIndex(at level: Int, in node: SchemaNode) -> Int? {
        guard node.members.count > 0 else { return nil }
        let range = levels[level].keyStart..<levels[level].keyEnd
        return keyBytes.withUnsafeBufferPointer { node.members.index(of: UnsafeBufferPointer(rebasing: $0[range])) }
    }

    /// Whether `pattern` matches the current member name at `level`.
    private func nameMatches(_ pattern: SchemaPattern, at level: Int) -> Bool {
        let range = levels[level].keyStart..<levels[level].keyEnd
        return keyBytes.withUnsafeBufferPointer { buffer in
            pattern.matches(UnsafeBufferPointer(rebasing: buffer[range]))
        }
    }

    private mutating func spawnMember(at level: Int, of parent: Int, node: SchemaNode, kind: JSONValueKind) {
        frames[parent].memberCount += 1
        let member = memberIndex(at: level, in: node)
        if let member, member < node.requiredCount, member < 64 { frames[parent].requiredSeen |= 1 << member }
        if node.keepsMemberNames { frames[parent].extra().memberNames.insert(key(at: level)) }
        guard node.appliesToMembers else { return }
        var matched = false
        if let member, node.memberChildren[member] >= 0 {
            matched = true
            instantiate(node.memberChildren[member], parent: parent, role: .property, kind: kind)
        }
        for (offset, entry) in node.patternProperties.enumerated() where nameMatches(entry.pattern, at: level) {
            matched = true
            instantiate(entry.node, parent: parent, role: .patternProperty(offset), kind: kind)
        }
        if matched {
            if schema.tracksAnnotations { frames[parent].extra().annotations.names.insert(key(at: level)) }
        } else if let child = node.additionalProperties {
            instantiate(child, parent: parent, role: .additionalProperty, kind: kind)
        }
        if let child = node.unevaluatedProperties {
            instantiate(child, parent: parent, role: .unevaluatedProperty, kind: kind)
        }
    }

    private mutating func spawnElement(_ index: Int, of parent: Int, node: SchemaNode, kind: JSONValueKind) {
        frames[parent].itemCount += 1
        if index < node.prefixItems.count {
            frames[parent].extra().annotations.itemPrefix = index + 1
            instantiate(node.prefixItems[index], parent: parent, role: .prefixItem(index), kind: kind)
        } else if let child = node.items {
            instantiate(child, parent: parent, role: .item, kind: kind)
        }
        if let child = node.contains {
            instantiate(child, parent: parent, role: .contains, kind: kind)
        }
        if let child = node.unevaluatedItems {
            instantiate(child, parent: parent, role: .unevaluatedItem, kind: kind)
        }
    }

    /// Adds a frame of `node` and, after it, the frames of its in-place applicators.
    ///
    /// Recursion here follows the schema's in-place applicators, never the instance's depth; a
    /// subschema already being applied to the same value further up (a `$ref` cycle that reads
    /// nothing) is not applied again.
    mutating func instantiate(_ node: Int, parent: Int, role: Evaluation.Role, kind: JSONValueKind) {
        // A subschema that is a `$ref` alone has its target's outcome: the target's frame takes
        // its place (its evaluation path gains the `/$ref`), one frame instead of two.
        var node = node
        var throughRef = false
        if parent >= 0, let target = schema.nodes[node].refAlone {
            node = target
            throughRef = true
        }
        let depth = parent < 0 ? 0 : (role.isInPlace ? frames[parent].depth : frames[parent].depth + 1)
        if role.isInPlace, appliesAlready(node, above: parent) { return }
        let definite = (parent < 0 || frames[parent].definite) && role.isDefinite
        frames.append(Evaluation(node: node, parent: parent, role: role, depth: depth, definite: definite))
        let id = frames.count - 1
        framesMade += 1
        frames[id].throughRef = throughRef
        let schemaNode = schema.nodes[node]
        guard schemaNode.constant == nil, schemaNode.appliesInPlace else { return }
        for (offset, child) in schemaNode.allOf.enumerated() {
            instantiate(child, parent: id, role: .allOf(offset), kind: kind)
        }
        for (offset, child) in schemaNode.anyOf.enumerated() {
            instantiate(child, parent: id, role: .anyOf(offset), kind: kind)
        }
        for (offset, child) in schemaNode.oneOf.enumerated() {
            instantiate(child, parent: id, role: .oneOf(offset), kind: kind)
        }
        if let child = schemaNode.not { instantiate(child, parent: id, role: .not, kind: kind) }
        if let child = schemaNode.ifNode {
            instantiate(child, parent: id, role: .ifBranch, kind: kind)
            if let then = schemaNode.thenNode {
                instantiate(then, parent: id, role: .thenBranch, kind: kind)
            }
            if let other = schemaNode.elseNode {
                instantiate(other, parent: id, role: .elseBranch, kind: kind)
            }
        }
        if let child = schemaNode.ref { instantiate(child, parent: id, role: .ref, kind: kind) }
        if let dynamic = schemaNode.dynamicRef {
            let target = dynamic.anchor.map { resolveDynamicAnchor($0, from: id) } ?? dynamic.node
            instantiate(target ?? dynamic.node, parent: id, role: .dynamicRef, kind: kind)
        }
        if kind == .object {
            for (offset, entry) in schemaNode.dependentSchemas.enumerated() {
                instantiate(entry.node, parent: id, role: .dependentSchema(offset), kind: kind)
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
