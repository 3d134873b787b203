import Sift

/// One compiled subschema: its keywords, with every subschema it applies replaced by the index
/// of that subschema's node in ``JSONSchema``'s node table (so `$ref` cycles are plain indices).
///
/// A class, so that the validator reads a node's keywords without copying them (a struct of this
/// size costs dozens of retains per copy, on every value). Only ``SchemaCompiler`` writes its
/// properties, before the ``JSONSchema`` holding it exists; afterwards nothing changes it, which is
/// why it is `Sendable`, and why its properties opt out of the run-time exclusivity checks (a
/// class's `var` costs a `swift_beginAccess` per read otherwise, several per instance value).
final class SchemaNode: @unchecked Sendable {
    /// Where the subschema is, as a URI with a JSON Pointer fragment, for error reports.
    @exclusivity(unchecked) var location: String = "#"
    /// The index of the schema resource (`$id`) the subschema belongs to, for `$dynamicRef`.
    @exclusivity(unchecked) var resource: Int = 0
    /// `true` or `false` for a boolean schema; nil for an object.
    @exclusivity(unchecked) var constant: Bool?

    @exclusivity(unchecked) var types: InstanceTypes?
    @exclusivity(unchecked) var enumValues: [JSONValue]?
    @exclusivity(unchecked) var constValue: JSONValue?
    /// Whether `enum` or `const` lists a container, so that a container instance must be kept
    /// to be compared.
    @exclusivity(unchecked) var comparesContainers = false

    @exclusivity(unchecked) var multipleOf: SchemaNumber?
    @exclusivity(unchecked) var minimum: SchemaNumber?
    @exclusivity(unchecked) var maximum: SchemaNumber?
    @exclusivity(unchecked) var exclusiveMinimum: SchemaNumber?
    @exclusivity(unchecked) var exclusiveMaximum: SchemaNumber?

    @exclusivity(unchecked) var minLength: Int?
    @exclusivity(unchecked) var maxLength: Int?
    @exclusivity(unchecked) var pattern: SchemaPattern?
    @exclusivity(unchecked) var format: String?

    @exclusivity(unchecked) var properties: [String: Int] = [:]
    @exclusivity(unchecked) var patternProperties: [(pattern: SchemaPattern, node: Int)] = []
    @exclusivity(unchecked) var additionalProperties: Int?
    @exclusivity(unchecked) var propertyNames: Int?
    @exclusivity(unchecked) var required: [String] = []
    @exclusivity(unchecked) var dependentRequired: [(name: String, required: [String])] = []
    @exclusivity(unchecked) var dependentSchemas: [(name: String, node: Int)] = []
    @exclusivity(unchecked) var minProperties: Int?
    @exclusivity(unchecked) var maxProperties: Int?
    @exclusivity(unchecked) var unevaluatedProperties: Int?

    @exclusivity(unchecked) var prefixItems: [Int] = []
    @exclusivity(unchecked) var items: Int?
    @exclusivity(unchecked) var contains: Int?
    @exclusivity(unchecked) var minContains: Int?
    @exclusivity(unchecked) var maxContains: Int?
    @exclusivity(unchecked) var minItems: Int?
    @exclusivity(unchecked) var maxItems: Int?
    @exclusivity(unchecked) var uniqueItems = false
    @exclusivity(unchecked) var unevaluatedItems: Int?

    @exclusivity(unchecked) var allOf: [Int] = []
    @exclusivity(unchecked) var anyOf: [Int] = []
    @exclusivity(unchecked) var oneOf: [Int] = []
    @exclusivity(unchecked) var not: Int?
    @exclusivity(unchecked) var ifNode: Int?
    @exclusivity(unchecked) var thenNode: Int?
    @exclusivity(unchecked) var elseNode: Int?
    @exclusivity(unchecked) var ref: Int?
    /// `$dynamicRef`: the node it resolves to statically, and the anchor name when that node
    /// has a `$dynamicAnchor` of the same name (then the dynamic scope may override it).
    @exclusivity(unchecked) var dynamicRef: (node: Int, anchor: String?)?

    /// The names of `required` (distinct, first) and of `properties`, looked up by bytes.
    @exclusivity(unchecked) var members = MemberTable([])
    /// The UTF-8 bytes of each name of ``members``.
    @exclusivity(unchecked) private(set) var memberNames: [[UInt8]] = []
    /// The `properties` subschema of each name of ``members``; -1 for a name only `required` has.
    @exclusivity(unchecked) var memberChildren: [Int] = []
    /// The number of distinct `required` names: the first names of ``members``, whose index is
    /// their bit in ``Evaluation/requiredSeen`` (when there are at most 64).
    @exclusivity(unchecked) var requiredCount = 0
    /// The bit of each entry of ``required`` (duplicates share one).
    @exclusivity(unchecked) var requiredBits: [Int] = []
    /// Whether any keyword looks at an object's member names as strings after the object's end
    /// (`dependentRequired`, `dependentSchemas`, a `required` of more than 64 names).
    @exclusivity(unchecked) private(set) var keepsMemberNames = false
    /// Whether a string is checked against a `minLength`, `maxLength`, `pattern` or `format`.
    @exclusivity(unchecked) private(set) var checksStrings = false
    /// Whether a number is compared exactly: a bound, `multipleOf`, `integer`, `enum`, `const`.
    @exclusivity(unchecked) private(set) var comparesNumbers = false
    /// The target of a subschema that is a `$ref` and nothing else, in the same schema resource
    /// as its target, which is not one itself: the validator applies the target in its place.
    @exclusivity(unchecked) var refAlone: Int?
    /// Whether a number is checked against a bound or `multipleOf`.
    @exclusivity(unchecked) private(set) var boundsNumbers = false
    /// Whether a child value of an object has a subschema to meet.
    @exclusivity(unchecked) private(set) var appliesToMembers = false
    /// The names of ``members`` for the tokenizer's member pass, when no keyword of the node
    /// looks at an object's other members (nor counts them): those may be passed unseen.
    @exclusivity(unchecked) private(set) var memberPass: MemberNameSet?
    /// Whether subschemas apply to the same value (`allOf`, `$ref`, `if`…).
    @exclusivity(unchecked) private(set) var appliesInPlace = false
    /// Whether an applicator is decided as the value ends (`anyOf`, `oneOf`, `if`).
    @exclusivity(unchecked) private(set) var decidesAtEnd = false
    /// Whether a keyword checks an object as it ends (counts, names, `unevaluatedProperties`).
    @exclusivity(unchecked) private(set) var checksObjectEnd = false
    /// Whether a keyword checks an array as it ends (counts, `contains`, `unevaluatedItems`).
    @exclusivity(unchecked) private(set) var checksArrayEnd = false
    /// Whether the node has branches the validator may decide before the value ends: `anyOf`,
    /// `oneOf`, `not`, `if`.
    @exclusivity(unchecked) private(set) var hasBranches = false
    /// Whether a keyword of the node still checks an object after its first event (its members,
    /// their names, or its end): until then the node's own verdict on it is not known.
    @exclusivity(unchecked) private(set) var waitsOnObject = false
    /// Whether a keyword of the node still checks an array after its first event (its elements
    /// or its end).
    @exclusivity(unchecked) private(set) var waitsOnArray = false

    init() {}

    /// Whether the subschema has `$ref` and no other keyword the validator reads.
    var isRefAlone: Bool {
        ref != nil && constant == nil && types == nil && enumValues == nil && constValue == nil
            && multipleOf == nil && minimum == nil && maximum == nil && exclusiveMinimum == nil
            && exclusiveMaximum == nil && minLength == nil && maxLength == nil && pattern == nil && format == nil
            && properties.isEmpty && patternProperties.isEmpty && additionalProperties == nil
            && propertyNames == nil && required.isEmpty && dependentRequired.isEmpty && dependentSchemas.isEmpty
            && minProperties == nil && maxProperties == nil && unevaluatedProperties == nil && prefixItems.isEmpty
            && items == nil && contains == nil && minContains == nil && maxContains == nil && minItems == nil
            && maxItems == nil && !uniqueItems && unevaluatedItems == nil && allOf.isEmpty && anyOf.isEmpty
            && oneOf.isEmpty && not == nil && ifNode == nil && thenNode == nil && elseNode == nil
            && dynamicRef == nil
    }

    /// Lays out what the validator reads by bytes once the keywords are read.
    func finishCompiling() {
        var names: [String] = []
        var indices: [String: Int] = [:]
        for name in required where indices[name] == nil {
            indices[name] = names.count
            names.append(name)
        }
        requiredCount = names.count
        requiredBits = required.map { indices[$0] ?? 0 }
        memberChildren = Array(repeating: -1, count: names.count)
        for (name, child) in properties.sorted(by: { $0.key < $1.key }) {
            if let index = indices[name] {
                memberChildren[index] = child
            } else {
                indices[name] = names.count
                names.append(name)
                memberChildren.append(child)
            }
        }
        members = MemberTable(names)
        memberNames = names.map { Array($0.utf8) }
        let readsOtherMembers =
            !patternProperties.isEmpty || additionalProperties != nil || unevaluatedProperties != nil
            || propertyNames != nil || minProperties != nil || maxProperties != nil || !dependentRequired.isEmpty
            || !dependentSchemas.isEmpty || requiredCount > 64
        memberPass = readsOtherMembers ? nil : MemberNameSet(memberNames)
        keepsMemberNames = requiredCount > 64 || !dependentRequired.isEmpty || !dependentSchemas.isEmpty
        checksStrings = minLength != nil || maxLength != nil || pattern != nil || format != nil
        appliesToMembers =
            !properties.isEmpty || !patternProperties.isEmpty || additionalProperties != nil
            || unevaluatedProperties != nil
        appliesInPlace =
            !allOf.isEmpty || !anyOf.isEmpty || !oneOf.isEmpty || not != nil || ifNode != nil || ref != nil
            || dynamicRef != nil || !dependentSchemas.isEmpty
        decidesAtEnd = !anyOf.isEmpty || !oneOf.isEmpty || ifNode != nil
        checksObjectEnd =
            minProperties != nil || maxProperties != nil || !required.isEmpty || !dependentRequired.isEmpty
            || !dependentSchemas.isEmpty || unevaluatedProperties != nil || comparesContainers
        checksArrayEnd =
            minItems != nil || maxItems != nil || contains != nil || unevaluatedItems != nil || comparesContainers
        hasBranches = !anyOf.isEmpty || !oneOf.isEmpty || not != nil || ifNode != nil
        waitsOnObject = appliesToMembers || propertyNames != nil || checksObjectEnd
        waitsOnArray = !prefixItems.isEmpty || items != nil || uniqueItems || checksArrayEnd
        boundsNumbers =
            minimum != nil || maximum != nil || exclusiveMinimum != nil || exclusiveMaximum != nil
            || multipleOf != nil
        comparesNumbers =
            minimum != nil || maximum != nil || exclusiveMinimum != nil || exclusiveMaximum != nil
            || multipleOf != nil || types?.contains(.integer) == true || enumValues != nil || constValue != nil
    }

    /// Whether a child value of an object has a subschema to meet.
}

/// The JSON types a `type` keyword allows, `integer` apart from `number`.
struct InstanceTypes: OptionSet, Sendable {
    let rawValue: UInt8

    static let null = InstanceTypes(rawValue: 1)
    static let boolean = InstanceTypes(rawValue: 2)
    static let object = InstanceTypes(rawValue: 4)
    static let array = InstanceTypes(rawValue: 8)
    static let number = InstanceTypes(rawValue: 16)
    static let string = InstanceTypes(rawValue: 32)
    static let integer = InstanceTypes(rawValue: 64)

    /// The type named `name` in a schema; nil for an unknown name.
    init?(name: String) {
        switch name {
        case "null": self = .null
        case "boolean": self = .boolean
        case "object": self = .object
        case "array": self = .array
        case "number": self = .number
        case "string": self = .string
        case "integer": self = .integer
        default: return nil
        }
    }

    init(rawValue: UInt8) { self.rawValue = rawValue }

    /// The names, for messages: `an integer or a string`.
    var phrase: String {
        let names: [(InstanceTypes, String)] = [
            (.object, "an object"), (.array, "an array"), (.string, "a string"), (.number, "a number"),
            (.integer, "an integer"), (.boolean, "a boolean"), (.null, "null"),
        ]
        let listed = names.filter { contains($0.0) }.map(\.1)
        guard listed.count > 1, let last = listed.last else { return listed.first ?? "nothing" }
        return listed.dropLast().joined(separator: ", ") + " or " + last
    }
}

/// A `pattern` or `patternProperties` regular expression with its source text.
struct SchemaPattern: Sendable {
    var source: String
    var expression: RegularExpression
    /// The expression over UTF-8 bytes, when it has that form (most schema patterns do).
    var bytePattern: BytePattern?

    /// Whether the expression matches somewhere in the UTF-8 `bytes` (JSON Schema patterns are
    /// not anchored): over the bytes themselves when it can, else over a `String` of them.
    func matches(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        if let bytePattern { return bytePattern.matches(bytes) }
        return expression.matchesPart(String(decoding: bytes, as: UTF8.self))
    }
}
