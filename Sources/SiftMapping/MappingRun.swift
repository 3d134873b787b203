import Sift

/// One mapping over one document: a frame per open scope (the document, each nested model, each
/// mapped array), values and failures resolved when the scope closes.
///
/// Frames live on a stack (scopes close in the reverse order they open). A model's values go
/// straight into its entity's storage as they arrive (a dotted key path's nested reading aside,
/// until the model resolves). A frame's reading storage is reused by the next frame at the
/// same depth, and the value storage of a closed model and the collector of a closed array by
/// the next model or array of the same program, so mapping an array of a million models
/// allocates per model only what the model keeps.
final class MappingRun {
    /// What one reading of a property found: the outcome of a conversion or of a nested scope.
    enum Slot {
        case absent
        case null(SourceLocation?)
        case value(MappedValue)
        case failed([MappingFailure])
    }

    /// What one reading of a property found, as kept in a frame (the value itself is in the
    /// entity's storage, failures and locations beside it).
    enum Reading: UInt8 {
        case absent, null, value, failed
    }

    struct Frame {
        var program: Int
        var parent: Int
        /// The property this frame is the value of, in a model or document parent.
        var propertyIndex = 0
        var alternative = 0
        /// The element this frame is, in an array parent.
        var elementIndex = 0
        /// The container is an array; false for objects.
        var isArray = false
        var location: SourceLocation?
        /// Model and document frames: the entity's values.
        ///
        /// A property's first reading (its key path read literally) stores its value here at
        /// once.
        var values: EntityStorage?
        /// Model and document frames: per property, two readings (the key path read literally,
        /// and read as nested keys when it has dots).
        var readings: [Reading] = []
        /// Values of second readings, by reading slot, until the frame resolves.
        var secondValues: [Int: MappedValue] = [:]
        /// Failures of readings, by reading slot.
        var readingFailures: [Int: [MappingFailure]] = [:]
        /// Where `null` was found, by reading slot.
        var nullLocations: [Int: SourceLocation] = [:]
        /// Array frames: elements seen, where valid ones go, failures of elements in order.
        var elementCount = 0
        var sink: ElementSink?
        var failures: [MappingFailure] = []
    }

    let plan: MappingPlan
    /// Where the elements of the document's target array go instead of a collected array.
    let rootSink: ElementSink?
    /// The path of the mapped document inside an enclosing one (nested mappings).
    let prefix: JSONNodePath
    let wantsLocations: Bool
    /// The tokenizer validates UTF-8: strings are made without checking it again.
    let textIsValidUTF8: Bool

    // Touched several times per token and only ever from the matcher's callbacks, one at a
    // time: without dynamic exclusivity checks.
    @exclusivity(unchecked) var frames = FrameStack()
    @exclusivity(unchecked) private var depth = 0
    /// Per program, the storage of its last closed model, emptied, for the next one (the models
    /// of an array come one after another), unless the model kept its entity or the storage is
    /// in use (a recursive schema).
    @exclusivity(unchecked) private var spareValues: [EntityStorage?]
    /// Per program, the collector of its last closed array, empty, for the next one.
    @exclusivity(unchecked) private var spareSinks: [ElementSink?]
    private(set) var isFinished = false
    private var outcome: Slot = .absent
    /// The reading of the document's target whose array the root sink receives: the first
    /// array found at either reading.
    private var streamedReading: Int?

    init(
        plan: MappingPlan, rootSink: ElementSink? = nil, prefix: JSONNodePath = .root, wantsLocations: Bool = true,
        textIsValidUTF8: Bool
    ) {
        self.plan = plan
        self.rootSink = rootSink
        self.prefix = prefix
        self.wantsLocations = wantsLocations
        self.textIsValidUTF8 = textIsValidUTF8
        spareValues = Array(repeating: nil, count: plan.programs.count)
        spareSinks = Array(repeating: nil, count: plan.programs.count)
        var document = Frame(program: 0, parent: -1, readings: [.absent, .absent])
        if let layout = plan.programs[0].layout { document.values = EntityStorage.make(layout: layout) }
        frames.append(document)
        depth = 1
    }

    deinit {
        frames.release()
    }

    // MARK: Matcher events

    func receive(_ value: MatchedValue, at destination: MatchDestination, scope: Int, info: MatchInfo) throws {
        let frameIndex = scope < 0 ? 0 : scope
        switch plan.tags[destination.tag] {
        case .property(let program, let index):
            if case .scalar(let event) = value,
                recordDirectly(event, at: destination, frame: frameIndex, property: index, location: info.location)
            {
                return
            }
            try convertAndRecord(
                value, at: destination, frame: frameIndex, program: program, property: index, location: info.location)
        case .element(let program):
            let index = frames[frameIndex].elementCount
            frames[frameIndex].elementCount = index &+ 1
            guard case .array(let element) = plan.programs[program].role else { return }
            switch element {
            case .model(let kind):
                // A scalar where a model object was expected.
                let detail = MappingFailure.Detail.element(
                    index: index, .wrongType(expected: "an object (\(kind.typeName))", found: Self.describe(value)))
                frames[frameIndex].failures.append(
                    MappingFailure(
                        detail, path: path(of: frameIndex, appending: [.index(index)]), location: info.location))
            case .decoded:
                guard let sink = frames[frameIndex].sink else { return }
                let json = value.jsonValue
                do {
                    try sink.appendDecoded(json)
                } catch {
                    frames[frameIndex].failures.append(
                        contentsOf: try KeyMappingFailures.failures(
                            of: error, at: path(of: frameIndex, appending: [.index(index)]), elementIndex: index,
                            location: info.location))
                }
            }
        }
    }

    /// A scalar delivered without info (the first pass of a mapping does not ask for locations).
    func receiveScalar(_ event: JSONEvent, at destination: MatchDestination, scope: Int) throws {
        let frameIndex = scope < 0 ? 0 : scope
        guard case .property(let program, let index) = plan.tags[destination.tag] else {
            try receive(.scalar(event), at: destination, scope: scope, info: MatchInfo())
            return
        }
        if recordDirectly(event, at: destination, frame: frameIndex, property: index, location: nil) { return }
        try convertAndRecord(
            .scalar(event), at: destination, frame: frameIndex, program: program, property: index, location: nil)
    }

    /// Converts a property's value with its full plan (decoder, containers, failures) and
    /// records the outcome.
    private func convertAndRecord(
        _ value: MatchedValue, at destination: MatchDestination, frame: Int, program: Int, property: Int,
        location: SourceLocation?
    ) throws {
        let slot = try convert(
            value, program: program, index: property, frame: frame, alternative: destination.alternative,
            location: location)
        record(slot, frame: frame, property: property, alternative: destination.alternative)
    }

    /// Records a `null`, or a scalar that converts, for a property without a decoder.
    ///
    /// The common case, without the property's plan. Returns false when the scalar needs the
    /// full conversion.
    @inline(__always)
    private func recordDirectly(
        _ event: JSONEvent, at destination: MatchDestination, frame: Int, property: Int, location: SourceLocation?
    ) -> Bool {
        let read = plan.scalarReads[destination.tag]
        guard !read.hasDecoder else { return false }
        if case .null = event {
            record(.null(location), frame: frame, property: property, alternative: destination.alternative)
            return true
        }
        guard let converted = ValueConversion.value(event, as: read.type, validated: textIsValidUTF8) else {
            return false
        }
        store(converted, frame: frame, property: property, alternative: destination.alternative)
        return true
    }

    func beginScope(
        program: Int, at destination: MatchDestination, parent: Int, isArray: Bool, info: MatchInfo
    ) throws -> Int {
        let parentIndex = parent < 0 ? 0 : parent
        let index = depth
        // The frame at this depth is reused field by field (a closed frame keeps only its
        // reading storage): building a frame and assigning it copied and destroyed one.
        if index == frames.count { frames.append(Frame(program: program, parent: parentIndex)) }
        frames[index].program = program
        frames[index].parent = parentIndex
        frames[index].alternative = destination.alternative
        frames[index].isArray = isArray
        frames[index].location = info.location
        frames[index].propertyIndex = 0
        frames[index].elementIndex = 0
        frames[index].elementCount = 0
        switch plan.tags[destination.tag] {
        case .property(_, let property):
            frames[index].propertyIndex = property
        case .element:
            frames[index].elementIndex = frames[parentIndex].elementCount
            frames[parentIndex].elementCount &+= 1
        }
        switch plan.programs[program].role {
        case .model:
            guard let layout = plan.programs[program].layout else { preconditionFailure("a model has a layout") }
            let count = layout.keyPaths.count &* 2
            // The frame at a depth is mostly the same model's: its readings are reset in place.
            if frames[index].readings.count == count {
                frames[index].readings.withUnsafeMutableBufferPointer { $0.update(repeating: .absent) }
            } else {
                frames[index].readings = Array(repeating: .absent, count: count)
            }
            frames[index].values = spareValues[program].take() ?? EntityStorage.make(layout: layout)
        case .array(let element):
            if parentIndex == 0, let rootSink,
                try streamsToRoot(isArray: isArray, alternative: destination.alternative, location: info.location)
            {
                frames[index].sink = rootSink
            } else {
                frames[index].sink = spareSinks[program].take() ?? element.makeCollector()
            }
        case .document:
            break
        }
        depth &+= 1
        return index
    }

    /// Whether the array of a reading of the document's target streams its elements to the root
    /// sink: the first array found does, and later ones of the same reading (repeated members).
    ///
    /// A nested reading's array after the literal key's is mapped but not streamed (the literal
    /// reading wins, as when the elements are collected). The literal key's array after the
    /// nested one's elements were handed out cannot win any more: that is an error.
    private func streamsToRoot(isArray: Bool, alternative: Int, location: SourceLocation?) throws -> Bool {
        guard isArray else { return false }
        guard let streamed = streamedReading else {
            streamedReading = alternative
            return true
        }
        if streamed == alternative { return true }
        guard alternative == 0 else { return false }
        let keyPath = plan.programs[0].properties[0].property.keyPath
        throw MappingError([
            MappingFailure(
                .ambiguousKeyPath(keyPath), path: path(of: 0, program: 0, property: 0, alternative: 0),
                location: location)
        ])
    }

    /// A container where a scalar property expected a scalar becomes the property's failure.
    ///
    /// The matcher skips the container. Scalars that reach a container property's scope path,
    /// and containers that reach its scalar destination, are the other destination's business.
    func mismatched(_ found: JSONEvent, at destination: MatchDestination, scope: Int, info: MatchInfo) {
        guard case .property(let program, let index) = plan.tags[destination.tag] else { return }
        switch found {
        case .startObject, .startArray: break
        default: return
        }
        let property = plan.programs[program].properties[index]
        switch property.property.type {
        case .array, .dictionary: return
        case .string, .url, .int, .uint, .float, .double, .bool: break
        }
        let frame = scope < 0 ? 0 : scope
        let failure = MappingFailure(
            .wrongType(expected: property.expectation, found: found.summary),
            path: path(of: frame, program: program, property: index, alternative: destination.alternative),
            location: info.location)
        record(.failed([failure]), frame: frame, property: index, alternative: destination.alternative)
    }

    func endScope(_ scope: Int) throws {
        precondition(scope == depth - 1, "scopes close in reverse order")
        // The frame is read field by field, never copied: a copy would share its slot storage
        // and make the reuse below reallocate it.
        let parent = frames[scope].parent
        let result: Slot
        switch plan.programs[frames[scope].program].role {
        case .model(let kind):
            result = try finishModel(scope, kind: kind)
        case .array:
            if !frames[scope].isArray {
                result = .failed([
                    MappingFailure(
                        .wrongType(expected: JSONValueKind.array.description, found: JSONValueKind.object.description),
                        path: path(of: scope),
                        location: frames[scope].location)
                ])
            } else if !frames[scope].failures.isEmpty {
                result = .failed(frames[scope].failures)
            } else {
                result = .value(.other(frames[scope].sink?.takeResult() ?? TypedMappedBox([Any]())))
            }
        case .document:
            preconditionFailure("the document is not a scope")
        }
        handOver(result, parent: parent, property: frames[scope].propertyIndex, alternative: frames[scope].alternative)
        if var values = frames[scope].values {
            frames[scope].values = nil
            if isKnownUniquelyReferenced(&values) {
                values.empty()
                spareValues[frames[scope].program] = values
            }
        }
        if !frames[scope].secondValues.isEmpty { frames[scope].secondValues = [:] }
        if !frames[scope].readingFailures.isEmpty { frames[scope].readingFailures = [:] }
        if !frames[scope].nullLocations.isEmpty { frames[scope].nullLocations = [:] }
        if let sink = frames[scope].sink, sink !== rootSink {
            sink.removeAll()
            spareSinks[frames[scope].program] = sink
        }
        frames[scope].sink = nil
        if !frames[scope].failures.isEmpty { frames[scope].failures = [] }
        depth &-= 1
    }

    func endDocument() throws {
        let failures = resolve(0)
        if !failures.isEmpty {
            outcome = .failed(failures)
        } else if let value = frames[0].values?[0], !value.isMissing {
            outcome = .value(value)
        }
        isFinished = true
    }

    /// The mapped value, or the aggregated error.
    func result() throws -> Any {
        // The matcher does not report the end of a top-level container that no path walks into
        // (a target at the root captured whole): resolve it here.
        if !isFinished { try endDocument() }
        switch outcome {
        case .value(let value): return value.boxed
        case .failed(let failures): throw MappingError(failures)
        case .absent, .null: preconditionFailure("the document's target is required")
        }
    }

    // MARK: Values

    /// Records what a reading of property `property` found, in frame `frame`.
    private func record(_ slot: Slot, frame: Int, property: Int, alternative: Int) {
        switch slot {
        case .absent:
            break
        case .value(let value):
            store(value, frame: frame, property: property, alternative: alternative)
        case .null(let location):
            let reading = property &* 2 &+ alternative
            frames[frame].readings[reading] = .null
            if let location { frames[frame].nullLocations[reading] = location }
        case .failed(let failures):
            let reading = property &* 2 &+ alternative
            frames[frame].readings[reading] = .failed
            frames[frame].readingFailures[reading] = failures
        }
    }

    /// Records a value: a first reading's goes straight into the entity's storage.
    @inline(__always)
    private func store(_ value: MappedValue, frame: Int, property: Int, alternative: Int) {
        let reading = property &* 2 &+ alternative
        frames[frame].readings[reading] = .value
        if alternative == 0 {
            frames[frame].values?[property] = value
        } else {
            frames[frame].secondValues[reading] = value
        }
    }

    /// Resolves every property of a model or document frame, completing its entity's storage.
    ///
    /// The first valid reading wins; else the first failing reading's failures; else `null` or
    /// absence (fine when optional). Returns the failures.
    private func resolve(_ index: Int) -> [MappingFailure] {
        let program = frames[index].program
        guard let values = frames[index].values else { preconditionFailure("a frame with properties has values") }
        var failures: [MappingFailure] = []
        for position in 0..<(frames[index].readings.count / 2) {
            let first = frames[index].readings[position &* 2]
            if first == .value { continue }
            let second = frames[index].readings[position &* 2 &+ 1]
            if second == .value {
                values[position] = frames[index].secondValues[position &* 2 &+ 1] ?? .missing
                continue
            }
            // No valid reading. A value stored by an earlier member of the same name (a
            // duplicate key that later failed or was null) does not count.
            if first != .absent { values[position] = .missing }
            let property = plan.programs[program].properties[position]
            var failed: [MappingFailure]?
            var null: (alternative: Int, location: SourceLocation?)?
            for alternative in 0..<property.alternatives.count {
                let reading = position &* 2 &+ alternative
                switch frames[index].readings[reading] {
                case .failed:
                    if failed == nil { failed = frames[index].readingFailures[reading] ?? [] }
                case .null:
                    if null == nil { null = (alternative, frames[index].nullLocations[reading]) }
                case .value, .absent:
                    break
                }
            }
            if let failed {
                failures.append(contentsOf: failed)
            } else if property.property.isOptional {
                continue
            } else if let null {
                failures.append(
                    MappingFailure(
                        .missing(expected: property.expectation, foundNull: true),
                        path: path(of: index, appending: property.alternatives[null.alternative].map { .key($0) }),
                        location: null.location))
            } else {
                let keys = property.alternatives[property.alternatives.count - 1]
                failures.append(
                    MappingFailure(
                        .missing(expected: property.expectation, foundNull: false),
                        path: path(of: index, appending: keys.map { .key($0) }), location: nil))
            }
        }
        return failures
    }

    private func finishModel(_ index: Int, kind: AnyModelKind) throws -> Slot {
        let parentIndex = frames[index].parent
        let elementIndex = frames[index].elementIndex
        let location = frames[index].location
        var elementSink: ElementSink?
        if case .array = plan.programs[frames[parentIndex].program].role { elementSink = frames[parentIndex].sink }
        /// A failure of the model itself; in an array, a failure of the element with its index.
        func failure(_ detail: MappingFailure.Detail) -> MappingFailure {
            let detail = elementSink == nil ? detail : .element(index: elementIndex, detail)
            return MappingFailure(detail, path: path(of: index), location: location)
        }
        if frames[index].isArray {
            return .failed([failure(.wrongType(expected: "an object (\(kind.typeName))", found: "an array"))])
        }
        let failures = resolve(index)
        if !failures.isEmpty { return .failed(failures) }
        guard let values = frames[index].values else { preconditionFailure("a model frame has values") }
        let entity = MappedEntity(storage: values)
        do {
            if let elementSink {
                try elementSink.appendModel(entity)
                return .absent
            }
            return .value(.other(try kind.make(entity)))
        } catch {
            return .failed(
                try KeyMappingFailures.failures(
                    of: error, at: path(of: index), elementIndex: elementSink == nil ? nil : elementIndex,
                    location: location))
        }
    }

    /// Gives a closed scope's value or failures to its parent.
    private func handOver(_ result: Slot, parent: Int, property: Int, alternative: Int) {
        switch plan.programs[frames[parent].program].role {
        case .array:
            if case .failed(let failures) = result { frames[parent].failures.append(contentsOf: failures) }
        case .model, .document:
            record(result, frame: parent, property: property, alternative: alternative)
        }
    }
}
