import Sift

/// One subschema evaluating one instance value: a frame of the validator.
///
/// A frame lives from its value's first event to its last. Frames on the same value (the
/// subschemas of `allOf`, `anyOf`, `$ref`…) run side by side; frames on a member or element are
/// spawned by the container's frames and fold their outcome into them when the child ends.
struct Evaluation {
    /// How a frame's outcome counts for its parent.
    enum Role {
        case root
        // On the same value as the parent.
        case allOf(Int)
        case anyOf(Int)
        case oneOf(Int)
        case not, ifBranch, thenBranch, elseBranch, ref, dynamicRef
        case dependentSchema(Int)
        // On a member or element of the parent's container.
        case property
        case patternProperty(Int)
        case additionalProperty, propertyName, unevaluatedProperty
        case prefixItem(Int)
        case item, contains, unevaluatedItem

        /// Whether a failure of the frame fails its parent whatever else happens, so that its
        /// errors are final when the parent's are.
        var isDefinite: Bool {
            switch self {
            case .root, .allOf, .ref, .dynamicRef, .property, .patternProperty, .additionalProperty, .propertyName,
                .prefixItem, .item:
                true
            default: false
            }
        }
    }

    var node: Int
    var parent: Int
    var role: Role
    /// The number of containers around the value.
    var depth: Int
    /// Whether the frame's errors are final (see ``Role/isDefinite``) all the way to the root.
    var definite: Bool
    var valid = true
    /// Whether the frame stands for a subschema that is a `$ref` alone as well as for its
    /// target (see ``SchemaNode/refAlone``): its evaluation path ends in `/$ref`.
    var throughRef = false
    /// Whether an applicator above the frame has decided without it (an `anyOf` that another
    /// branch passed, the unused one of `then`/`else`…): the frame and the frames applied in
    /// place under it make no more checks and spawn no frames, and an `anyOf` or `oneOf` does
    /// not count it.
    var stopped = false
    var memberCount = 0
    var itemCount = 0
    /// The `required` names met so far, one bit per distinct name (see
    /// ``SchemaNode/requiredBits``).
    var requiredSeen: UInt64 = 0
    /// What only some keywords and failures need, made the first time one of them writes it: a
    /// frame of a plain `type`/`properties`/`required` subschema stays a few words on the stack.
    var state: EvaluationState?

    init(node: Int, parent: Int, role: Role, depth: Int, definite: Bool) {
        self.node = node
        self.parent = parent
        self.role = role
        self.depth = depth
        self.definite = definite
    }

    /// Whether the frame still looks at its value's members and elements.
    ///
    /// A frame that has failed and whose errors are not final (a branch of `anyOf`, `oneOf`, `not`, `if`,
    /// `contains`…) is settled: its outcome can no longer change, so it stops spawning frames
    /// and makes no more checks, and its parent decides without waiting for it to read more. A
    /// ``stopped`` frame is settled too.
    var isOpen: Bool { (valid || definite) && !stopped }

    /// The outcome a frame leaves behind for a parent that decides later (`then`, `else`,
    /// `dependentSchemas`, `unevaluated*`).
    var outcome: Outcome {
        Outcome(valid: valid, errors: state?.errors ?? [], annotations: state?.annotations ?? Annotations())
    }

    /// The frame's ``EvaluationState``, made now if it has none.
    mutating func extra() -> EvaluationState {
        if let state { return state }
        let made = EvaluationState()
        state = made
        return made
    }
}

/// The result of a finished frame, kept until its parent decides whether it counts.
struct Outcome {
    var valid: Bool
    var errors: [SchemaValidationError]
    var annotations: Annotations
}

/// What a valid frame reports as evaluated, for `unevaluatedProperties` and `unevaluatedItems`.
struct Annotations {
    var names: Set<String> = []
    var allNames = false
    var itemPrefix = 0
    var allItems = false
    var itemIndices: Set<Int> = []

    mutating func merge(_ other: Annotations) {
        if !other.names.isEmpty { names.formUnion(other.names) }
        allNames = allNames || other.allNames
        itemPrefix = max(itemPrefix, other.itemPrefix)
        allItems = allItems || other.allItems
        if !other.itemIndices.isEmpty { itemIndices.formUnion(other.itemIndices) }
    }

    /// Whether nothing is annotated.
    var isEmpty: Bool { names.isEmpty && !allNames && itemPrefix == 0 && !allItems && itemIndices.isEmpty }

    func covers(name: String) -> Bool { allNames || names.contains(name) }

    func covers(item index: Int) -> Bool { allItems || index < itemPrefix || itemIndices.contains(index) }
}
