import Sift

extension JSONSchemaValidator {
    /// Ends a value: each of its frames (`frames[start...]`), innermost first, makes its
    /// end-of-value checks, decides its applicators, is popped and folds its outcome into its
    /// parent.
    mutating func finish(from start: Int, kind: JSONValueKind, value: JSONValue?) {
        while frames.count > start {
            finalize(frames.count - 1, kind: kind, value: value)
            fold(frames.removeLast())
            if evaluationLinks.count > frames.count { evaluationLinks.removeLast() }
        }
    }

    private mutating func finalize(_ id: Int, kind: JSONValueKind, value: JSONValue?) {
        let node = schema.nodes[frames[id].node]
        // A settled frame (see `Evaluation.isOpen`) read only part of its value: its outcome
        // stands as it is.
        guard node.constant == nil, frames[id].isOpen else { return }
        switch kind {
        case .object:
            guard node.checksObjectEnd || node.decidesAtEnd else { return }
            finalizeObject(id, node: node)
        case .array:
            guard node.checksArrayEnd || node.decidesAtEnd else { return }
            finalizeArray(id, node: node)
        default:
            guard node.decidesAtEnd else { return }
        }
        if kind == .object || kind == .array, node.comparesContainers, let value {
            checkEnumAndConst(id, node: node, value: value)
        }
        if !node.anyOf.isEmpty && (frames[id].state?.anyOfPassed ?? 0) == 0 {
            fail(id, "anyOf", "matches none of the \(node.anyOf.count) subschemas of anyOf")
            addErrors(id, frames[id].state?.branchErrors ?? [])
        }
        if !node.oneOf.isEmpty && (frames[id].state?.oneOfPassed ?? 0) != 1 {
            let passed = frames[id].state?.oneOfPassed ?? 0
            if passed == 0 {
                fail(id, "oneOf", "matches none of the \(node.oneOf.count) subschemas of oneOf")
                addErrors(id, frames[id].state?.branchErrors ?? [])
            } else {
                let atLeast = frames[id].state?.oneOfStopped == true ? "at least " : ""
                fail(id, "oneOf", "matches \(atLeast)\(passed) subschemas of oneOf, where exactly one must match")
            }
        }
        if let state = frames[id].state, let passed = state.ifPassed {
            let outcome = passed ? state.thenOutcome : state.elseOutcome
            if let outcome { apply(outcome, to: id) }
        }
        if kind == .object, node.unevaluatedProperties != nil {
            let state = frames[id].extra()
            for entry in state.unevaluatedMembers where !state.annotations.covers(name: entry.name) {
                apply(entry.outcome, to: id)
            }
            state.annotations.allNames = true
        }
        if kind == .array, node.unevaluatedItems != nil {
            let state = frames[id].extra()
            for entry in state.unevaluatedElements where !state.annotations.covers(item: entry.index) {
                apply(entry.outcome, to: id)
            }
            state.annotations.allItems = true
        }
    }

    private mutating func finalizeObject(_ id: Int, node: SchemaNode) {
        let count = frames[id].memberCount
        if let minimum = node.minProperties, count < minimum {
            fail(id, "minProperties", "expected at least \(minimum) members, found \(count)")
        }
        if let maximum = node.maxProperties, count > maximum {
            fail(id, "maxProperties", "expected at most \(maximum) members, found \(count)")
        }
        let names = frames[id].state?.memberNames ?? []
        let seen = frames[id].requiredSeen
        let missing =
            node.requiredCount > 64
            ? node.required.filter { !names.contains($0) }
            : zip(node.required, node.requiredBits).filter { seen & (1 << $0.1) == 0 }.map(\.0)
        if !missing.isEmpty {
            fail(id, "required", "is missing the required " + Self.members(missing))
        }
        for entry in node.dependentRequired where names.contains(entry.name) {
            let absent = entry.required.filter { !names.contains($0) }
            if !absent.isEmpty {
                fail(
                    id, "dependentRequired",
                    "has the member \(JSONValueKind.quoted(entry.name)) but not the " + Self.members(absent),
                    keywordPath: "dependentRequired/" + SchemaURI.escape(entry.name))
            }
        }
        for entry in frames[id].state?.dependentOutcomes ?? []
        where names.contains(node.dependentSchemas[entry.index].name) {
            apply(entry.outcome, to: id)
        }
    }

    private mutating func finalizeArray(_ id: Int, node: SchemaNode) {
        let count = frames[id].itemCount
        if let minimum = node.minItems, count < minimum {
            fail(id, "minItems", "expected at least \(minimum) items, found \(count)")
        }
        if let maximum = node.maxItems, count > maximum {
            fail(id, "maxItems", "expected at most \(maximum) items, found \(count)")
        }
        if node.contains != nil {
            let found = frames[id].state?.containsCount ?? 0
            let minimum = node.minContains ?? 1
            if found < minimum {
                let keyword = node.minContains == nil ? "contains" : "minContains"
                fail(id, keyword, "expected at least \(minimum) items matching contains, found \(found)")
            }
            if let maximum = node.maxContains, found > maximum {
                fail(id, "maxContains", "expected at most \(maximum) items matching contains, found \(found)")
            }
        }
    }

    /// Folds a finished frame's outcome into its parent, as its role says.
    private mutating func fold(_ frame: Evaluation) {
        let parent = frame.parent
        guard parent >= 0 else {
            rootsValid = rootsValid && frame.valid
            if let valueReports {
                valueReports(
                    SchemaValidationReport(
                        isValid: frame.valid && errors.isEmpty, errors: inInputOrder(errors), isTruncated: stopped))
                errors.removeAll(keepingCapacity: true)
            }
            return
        }
        if frame.stopped {
            // A decided applicator does not count the branches it stopped.
            switch frame.role {
            case .anyOf, .oneOf, .thenBranch, .elseBranch: return
            default: break
            }
        }
        switch frame.role {
        case .root: break
        case .allOf, .ref, .dynamicRef:
            apply(frame.outcome, to: parent)
        case .property, .patternProperty, .additionalProperty, .propertyName, .prefixItem, .item:
            // A child's annotations are about the child's members: they stay with it.
            if !frame.valid {
                apply(Outcome(valid: false, errors: frame.state?.errors ?? [], annotations: Annotations()), to: parent)
            }
        case .anyOf:
            let state = frames[parent].extra()
            if frame.valid {
                state.anyOfPassed += 1
                if let annotations = frame.state?.annotations { state.annotations.merge(annotations) }
            } else {
                state.branchErrors += frame.state?.errors ?? []
            }
        case .oneOf:
            let state = frames[parent].extra()
            if frame.valid {
                state.oneOfPassed += 1
                if let annotations = frame.state?.annotations { state.annotations.merge(annotations) }
            } else {
                state.branchErrors += frame.state?.errors ?? []
            }
        case .not:
            if frame.valid { fail(parent, "not", "matches the subschema of not, which it must not") }
        case .ifBranch:
            let state = frames[parent].extra()
            state.ifPassed = frame.valid
            if frame.valid, let annotations = frame.state?.annotations { state.annotations.merge(annotations) }
        case .thenBranch: frames[parent].extra().thenOutcome = frame.outcome
        case .elseBranch: frames[parent].extra().elseOutcome = frame.outcome
        case .dependentSchema(let index): frames[parent].extra().dependentOutcomes.append((index, frame.outcome))
        case .contains:
            if frame.valid {
                let state = frames[parent].extra()
                state.containsCount += 1
                if schema.tracksAnnotations { state.annotations.itemIndices.insert(levels[frame.depth - 1].index) }
            }
        case .unevaluatedProperty:
            let outcome = Outcome(valid: frame.valid, errors: frame.state?.errors ?? [], annotations: Annotations())
            frames[parent].extra().unevaluatedMembers.append((key(at: frame.depth - 1), outcome))
        case .unevaluatedItem:
            let outcome = Outcome(valid: frame.valid, errors: frame.state?.errors ?? [], annotations: Annotations())
            frames[parent].extra().unevaluatedElements.append((levels[frame.depth - 1].index, outcome))
        }
    }

    /// Counts an outcome for frame `id`: its annotations when valid, its errors when not.
    private mutating func apply(_ outcome: Outcome, to id: Int) {
        if outcome.valid {
            if !outcome.annotations.isEmpty { frames[id].extra().annotations.merge(outcome.annotations) }
        } else {
            if frames[id].valid { decisionDue = true }
            frames[id].valid = false
            addErrors(id, outcome.errors)
        }
    }

    private static func members(_ names: [String]) -> String {
        (names.count == 1 ? "member " : "members ") + names.map(JSONValueKind.quoted).joined(separator: ", ")
    }
}
