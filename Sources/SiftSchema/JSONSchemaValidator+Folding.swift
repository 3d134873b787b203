import Sift

extension JSONSchemaValidator {
    /// Ends a value: each of its frames, innermost first, makes its end-of-value checks, decides
    /// its applicators and folds its outcome into its parent; then its slot is released.
    mutating func finish(_ list: [Int], kind: InstanceKind, value: JSONValue?) {
        for id in list.reversed() {
            finalize(id, kind: kind, value: value)
            // The frame is moved out of its slot (not copied), and the slot freed.
            var frame = Evaluation.released
            swap(&frame, &frames[id])
            freeFrames.append(id)
            fold(frame)
        }
    }

    private mutating func finalize(_ id: Int, kind: InstanceKind, value: JSONValue?) {
        let node = schema.nodes[frames[id].node]
        // A settled frame (see `Evaluation.isOpen`) read only part of its value: its outcome
        // stands as it is.
        guard node.constant == nil, frames[id].isOpen else { return }
        switch kind {
        case .object: finalizeObject(id, node: node)
        case .array: finalizeArray(id, node: node)
        default: break
        }
        if kind == .object || kind == .array, node.comparesContainers, let value {
            checkEnumAndConst(id, node: node, value: value)
        }
        if !node.anyOf.isEmpty && frames[id].anyOfPassed == 0 {
            fail(id, "anyOf", "matches none of the \(node.anyOf.count) subschemas of anyOf")
            addErrors(id, frames[id].branchErrors)
        }
        if !node.oneOf.isEmpty && frames[id].oneOfPassed != 1 {
            let passed = frames[id].oneOfPassed
            if passed == 0 {
                fail(id, "oneOf", "matches none of the \(node.oneOf.count) subschemas of oneOf")
                addErrors(id, frames[id].branchErrors)
            } else {
                fail(id, "oneOf", "matches \(passed) subschemas of oneOf, where exactly one must match")
            }
        }
        if let passed = frames[id].ifPassed {
            let outcome = passed ? frames[id].thenOutcome : frames[id].elseOutcome
            if let outcome { apply(outcome, to: id) }
        }
        if kind == .object, node.unevaluatedProperties != nil {
            for entry in frames[id].unevaluatedMembers where !frames[id].annotations.covers(name: entry.name) {
                apply(entry.outcome, to: id)
            }
            frames[id].annotations.allNames = true
        }
        if kind == .array, node.unevaluatedItems != nil {
            for entry in frames[id].unevaluatedElements where !frames[id].annotations.covers(item: entry.index) {
                apply(entry.outcome, to: id)
            }
            frames[id].annotations.allItems = true
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
        let names = frames[id].memberNames
        let missing = node.required.filter { !names.contains($0) }
        if !missing.isEmpty {
            fail(id, "required", "is missing the required " + Self.members(missing))
        }
        for entry in node.dependentRequired where names.contains(entry.name) {
            let absent = entry.required.filter { !names.contains($0) }
            if !absent.isEmpty {
                fail(
                    id, "dependentRequired",
                    "has the member \(InstanceKind.quoted(entry.name)) but not the " + Self.members(absent),
                    keywordPath: "dependentRequired/" + SchemaURI.escape(entry.name))
            }
        }
        for entry in frames[id].dependentOutcomes where names.contains(node.dependentSchemas[entry.index].name) {
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
            let found = frames[id].containsCount
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
        switch frame.role {
        case .root: break
        case .allOf, .ref, .dynamicRef:
            apply(frame.outcome, to: parent)
        case .property, .patternProperty, .additionalProperty, .propertyName, .prefixItem, .item:
            // A child's annotations are about the child's members: they stay with it.
            if !frame.valid {
                apply(Outcome(valid: false, errors: frame.errors, annotations: Annotations()), to: parent)
            }
        case .anyOf:
            if frame.valid {
                frames[parent].anyOfPassed += 1
                frames[parent].annotations.merge(frame.annotations)
            } else {
                frames[parent].branchErrors += frame.errors
            }
        case .oneOf:
            if frame.valid {
                frames[parent].oneOfPassed += 1
                frames[parent].annotations.merge(frame.annotations)
            } else {
                frames[parent].branchErrors += frame.errors
            }
        case .not:
            if frame.valid { fail(parent, "not", "matches the subschema of not, which it must not") }
        case .ifBranch:
            frames[parent].ifPassed = frame.valid
            if frame.valid { frames[parent].annotations.merge(frame.annotations) }
        case .thenBranch: frames[parent].thenOutcome = frame.outcome
        case .elseBranch: frames[parent].elseOutcome = frame.outcome
        case .dependentSchema(let index): frames[parent].dependentOutcomes.append((index, frame.outcome))
        case .contains:
            if frame.valid {
                frames[parent].containsCount += 1
                if schema.tracksAnnotations {
                    frames[parent].annotations.itemIndices.insert(levels[frame.depth - 1].index)
                }
            }
        case .unevaluatedProperty:
            let outcome = Outcome(valid: frame.valid, errors: frame.errors, annotations: Annotations())
            frames[parent].unevaluatedMembers.append((levels[frame.depth - 1].key, outcome))
        case .unevaluatedItem:
            let outcome = Outcome(valid: frame.valid, errors: frame.errors, annotations: Annotations())
            frames[parent].unevaluatedElements.append((levels[frame.depth - 1].index, outcome))
        }
    }

    /// Counts an outcome for frame `id`: its annotations when valid, its errors when not.
    private mutating func apply(_ outcome: Outcome, to id: Int) {
        if outcome.valid {
            frames[id].annotations.merge(outcome.annotations)
        } else {
            frames[id].valid = false
            addErrors(id, outcome.errors)
        }
    }

    private static func members(_ names: [String]) -> String {
        (names.count == 1 ? "member " : "members ") + names.map(InstanceKind.quoted).joined(separator: ", ")
    }
}
