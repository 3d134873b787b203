import Sift

/// Validates the values a `JSONTokenizer` streams against a ``JSONSchema``, in one pass and in
/// any split of the input: a `JSONEventHandler`.
///
/// The validator keeps, per open container, the frames of the subschemas evaluating it (an
/// explicit stack, never a tree of the instance); a container that no subschema looks into is
/// skipped without events. Only what a keyword must compare is kept: the values `uniqueItems`
/// compares, a container `enum` or `const` might equal, the names `required` checks, and the
/// outcomes `unevaluated*` decide on at the container's end.
///
/// ```swift
/// let schema = try JSONSchema(parsing: #"{"items": {"type": "integer"}}"#)
/// let tokenizer = JSONTokenizer(handler: JSONSchemaValidator(schema: schema))
/// try tokenizer.feed(Array("[1, 2,".utf8))
/// try tokenizer.feed(Array(" \"x\"]".utf8))
/// try tokenizer.finish()
/// print(tokenizer.handler.report.errors[0])
/// // $[2] (1:8): expected an integer, found the string "x" [#/items/type]
/// ```
public struct JSONSchemaValidator: JSONEventHandler {
    let schema: JSONSchema
    let maxErrors: Int?
    /// Whether the tokenizer checks UTF-8, so that strings are made without checking it again.
    let validatesUTF8: Bool
    /// The frames of every open value, a stack: a value's frames are pushed together as it
    /// begins, above those of the containers around it, and popped as it ends.
    var frames: [Evaluation] = []
    /// Each frame's evaluation path once an error asked for it, by frame index (see
    /// `evaluationLink(of:)`): never longer than ``frames``, and empty until an error is made.
    var evaluationLinks: [EvaluationLink?] = []
    var levels: [ValidationLevel] = []
    /// The current member name of each open object, one after another (see
    /// ``ValidationLevel/keyStart``): bytes kept, not a `String` per member.
    var keyBytes: [UInt8] = []
    /// The member names the frames of several subschemas on one object take, by their nodes
    /// (kept for the validator's life: the tokenizer reads them until the object's end).
    var memberPasses: [[Int]: MemberNameSet] = [:]
    /// The member pass of an object whose frames take no member.
    static let noMembers = MemberNameSet([])
    /// The containers being rebuilt because a keyword compares them (`enum`, `const`,
    /// `uniqueItems`), with the index of their level; every event goes to each of them.
    var captures: [(level: Int, builder: JSONValueBuilder)] = []
    /// The errors not yet handed to `valueReports` (all of them without it).
    var errors: [SchemaValidationError] = []
    /// Every error found, handed over or not (for `maxErrors`).
    var errorCount = 0
    /// Called with each top-level value's own report as the value ends (for NDJSON records).
    let valueReports: ((SchemaValidationReport) -> Void)?
    var rootsValid = true
    var stopped = false
    /// The event being handled, to locate errors of a scalar or a member name.
    var context: JSONEventContext?
    /// Whether a frame has failed since the open container's frames were last decided (see
    /// `decide(level:)`).
    var decisionDue = false
    /// What `decide(level:)` gathers per frame of a level, kept to be reused.
    var tallies: [BranchTally] = []
    var verdicts: [Verdict] = []
    /// The frames made so far: a measure of the work done, for tests.
    var framesMade = 0

    /// Creates a validator for `schema`.
    ///
    /// - Parameters:
    ///   - schema: The compiled schema.
    ///   - maxErrors: Stop the parse after this many errors; nil finds them all.
    ///   - validatesUTF8: The tokenizer's `JSONParserOptions.validatesUTF8`: when it checks
    ///     UTF-8, strings are made without checking it again.
    ///   - valueReports: Called as each top-level value ends (each record of an NDJSON input)
    ///     with that value's own report; its errors are then not kept for ``report``, so memory
    ///     does not grow with the number of records.
    ///
    /// ```swift
    /// let validator = JSONSchemaValidator(schema: schema, maxErrors: 1)
    /// let records = JSONSchemaValidator(schema: schema) { report in
    ///     if !report.isValid { print(report.errors) }
    /// }
    /// ```
    public init(
        schema: JSONSchema, maxErrors: Int? = nil, validatesUTF8: Bool = true,
        valueReports: ((SchemaValidationReport) -> Void)? = nil
    ) {
        self.schema = schema
        self.valueReports = valueReports
        self.validatesUTF8 = validatesUTF8
        self.maxErrors = maxErrors.map { max($0, 1) }
    }

    /// The outcome so far: complete once the tokenizer has finished.
    ///
    /// ```swift
    /// try tokenizer.finish()
    /// tokenizer.handler.report.isValid
    /// ```
    public var report: SchemaValidationReport {
        SchemaValidationReport(
            isValid: rootsValid && errorCount == 0, errors: inInputOrder(errors), isTruncated: stopped)
    }

    /// `list` ordered by place in the input, then in the schema, and cut at `maxErrors`.
    func inInputOrder(_ list: [SchemaValidationError]) -> [SchemaValidationError] {
        var sorted = list.enumerated().sorted { first, second in
            (first.element.location.offset, first.element.schemaOrder, first.offset)
                < (second.element.location.offset, second.element.schemaOrder, second.offset)
        }.map(\.element)
        if let maxErrors, sorted.count > maxErrors { sorted.removeLast(sorted.count - maxErrors) }
        return sorted
    }

    /// Forgets the values validated so far, to validate the next document with the same
    /// schema (the report starts empty).
    ///
    /// ```swift
    /// tokenizer.handler.reset()
    /// ```
    public mutating func reset() {
        frames.removeAll(keepingCapacity: true)
        evaluationLinks.removeAll(keepingCapacity: true)
        levels.removeAll(keepingCapacity: true)
        keyBytes.removeAll(keepingCapacity: true)
        captures.removeAll(keepingCapacity: true)
        errors.removeAll()
        errorCount = 0
        rootsValid = true
        stopped = false
    }

    /// Validates one event.
    ///
    /// ```swift
    /// try validator.handle(.null, context: context)
    /// ```
    public mutating func handle(_ event: JSONEvent, context: JSONEventContext) {
        guard !stopped else { return }
        self.context = context
        defer { self.context = nil }
        var completed: JSONValue?
        if !captures.isEmpty {
            for index in captures.indices {
                if let value = captures[index].builder.consume(event), captures[index].level == levels.count - 1 {
                    completed = value
                }
            }
        }
        switch event {
        case .key(let bytes):
            let last = levels.count - 1
            keyBytes.removeLast(keyBytes.count - levels[last].keyStart)
            bytes.withUnsafeBytes { keyBytes.append(contentsOf: $0) }
            levels[last].keyEnd = keyBytes.count
            levels[last].link = nil
            if levels[last].checksNames { checkName(event) }
        case .startObject, .startArray:
            beginContainer(event, context: context)
        case .endObject, .endArray:
            endContainer(capturedValue: completed)
        default:
            validateScalar(event)
        }
        if stopped { context.stopParsing() }
    }
}

/// One open container of the instance: the frames evaluating it, and where its current child is.
struct ValidationLevel {
    /// The container's own frames: `frames[frameStart..<frameEnd]` of the validator.
    var frameStart: Int
    var frameEnd: Int
    var isObject: Bool
    /// The current member's name (objects): `keyBytes[keyStart..<keyEnd]` of the validator.
    var keyStart: Int
    var keyEnd: Int
    /// The current element's index (arrays); -1 before the first.
    var index = -1
    /// The path through this level's current member or element, once an error asked for it;
    /// nil again when the member or element changes.
    var link: PathLink?
    /// Where the container starts.
    var location: SourceLocation
    /// Whether the container's value is being rebuilt (in `captures`), because a keyword
    /// compares it.
    var isCaptured = false
    /// Whether a frame compares the elements (`uniqueItems`), so each must be kept.
    var keepsElements: Bool
    /// Whether a frame checks the member names (`propertyNames`).
    var checksNames = false
    /// Whether a frame has branches that may be decided before the container ends (see
    /// ``SchemaNode/hasBranches``).
    var decides = false

    /// The indices of the container's own frames.
    var frames: Range<Int> { frameStart..<frameEnd }
}
