import Foundation
import Sift

/// Assembles Hub models from the matches of a schema's compiled paths, delivered by the actions
/// layer (``MatchConsumer``) while the tokens arrive.
///
/// Each scope (a nested model: a component, an image, a target, a view model) opens a builder
/// frame; values go to the frame of their scope; when the scope's container closes, its model is
/// finished and handed to its parent frame, or, for body components of the root view model when
/// streaming, to the consumer, and nothing of it is kept. Scope `-1` is the root view model.
///
/// A single-valued property takes its first *valid* value in combination order: a value replaces
/// the current one only when it comes from a lower alternative (``Ranks``).
struct HubAssembler: MatchConsumer {
    /// A builder frame: the model is the `index`th of its kind's stack.
    struct Frame {
        var kind: HubModelKind
        var index: Int32
        var parent: Int32
        /// False for a scope opened on an array: models are objects, the frame is dropped.
        var isObject: Bool
        /// How many models the frame's model is inside of, itself and the root view model included.
        var nesting: Int32
        var ranks = Ranks()
    }

    let memory: HubMemoryParser
    /// What each property holds, at `model.rawValue * 32 + tag`.
    private let kinds: [ContiguousArray<HubValueKind>]
    /// The root view model (the document's object, or the view model a root array fills).
    var root = ViewModel()
    private var rootRanks = Ranks()
    private var frames: [Frame] = []
    private var viewModels: [ViewModel] = []
    private var components: [ComponentModel] = []
    private var images: [ComponentImageData] = []
    private var targets: [ComponentTarget] = []
    /// When set, body components of the root view model go here instead of into ``root``.
    var streamBody: ((ComponentModel) throws -> Void)?
    var stopRequested = false
    /// Dictionaries arrive as tapes (their paths are `.decoded` destinations): the tokenizer
    /// records a dictionary no other path enters without the matcher seeing its events.
    var wantsTapes: Bool { true }
    /// Whether the tokenizer validates UTF-8: strings are then made without checking it again.
    private let textIsValidUTF8: Bool

    init(memory: HubMemoryParser, textIsValidUTF8: Bool) {
        self.memory = memory
        self.textIsValidUTF8 = textIsValidUTF8
        kinds = HubModelKind.allCases.map { ContiguousArray($0.properties.map(\.kind)) }
    }

    /// The root view model assembled so far, leaving an empty one for the next top-level value.
    mutating func takeRoot() -> ViewModel {
        defer {
            root = ViewModel()
            rootRanks = Ranks()
        }
        return root
    }

    @inline(__always)
    private func kind(_ model: HubModelKind, _ tag: Int) -> HubValueKind {
        kinds[model.rawValue][tag]
    }

    // MARK: Values

    mutating func receive(_ value: MatchedValue, at destination: MatchDestination, scope: Int, info: MatchInfo) throws {
        let model = scope >= 0 ? frames[scope].kind : .viewModel
        guard
            let converted = try Self.convert(
                value, as: kind(model, destination.tag), memory: memory, validated: textIsValidUTF8,
                nesting: nesting(of: scope) + 1)
        else { return }
        set(converted, in: scope, tag: destination.tag, alternative: Int8(clamping: destination.alternative))
    }

    /// A scalar straight from the tokenizer: converted from its bytes, without the
    /// `MatchedValue` and empty `MatchInfo` the protocol's default wraps it in.
    mutating func receiveScalar(_ event: JSONEvent, at destination: MatchDestination, scope: Int) throws {
        let model = scope >= 0 ? frames[scope].kind : .viewModel
        guard let converted = Self.convert(event, as: kind(model, destination.tag), validated: textIsValidUTF8)
        else { return }
        set(converted, in: scope, tag: destination.tag, alternative: Int8(clamping: destination.alternative))
    }

    /// Sets (or appends) a property of the model of `scope`, when its rank allows.
    private mutating func set(_ value: consuming HubValue, in scope: Int, tag: Int, alternative: Int8) {
        guard scope >= 0 else {
            if Self.claim(&rootRanks, kind(.viewModel, tag), tag, alternative) { root.assign(value, tag: tag) }
            return
        }
        // Read in place: a copy of the frame would retain its ranks.
        let model = frames[scope].kind
        guard Self.claim(&frames[scope].ranks, kind(model, tag), tag, alternative) else { return }
        let index = Int(frames[scope].index)
        switch model {
        case .viewModel: viewModels[index].assign(value, tag: tag)
        case .component: components[index].assign(value, tag: tag)
        case .image: images[index].assign(value, tag: tag)
        case .target: targets[index].assign(value, tag: tag)
        }
    }

    /// Converts a matched value: scalars straight from the tokenizer's bytes, the rest from the
    /// captured value, whose models are at `nesting`.
    private static func convert(
        _ value: MatchedValue, as kind: HubValueKind, memory: HubMemoryParser, validated: Bool, nesting: Int
    ) throws(HubNestingError) -> HubValue? {
        if case .scalar(let event) = value { return convert(event, as: kind, validated: validated) }
        guard case .value(let json) = value else { return nil }
        return try HubValue.convert(json, as: kind, parser: memory, nesting: nesting)
    }

    /// How many models the model of `scope` is inside of, itself included (the root view model,
    /// scope `-1`, is at 1).
    private func nesting(of scope: Int) -> Int {
        scope >= 0 ? Int(frames[scope].nesting) : 1
    }

    /// Converts a scalar from the tokenizer's bytes: only strings hold what a Hub property takes.
    @inline(__always)
    private static func convert(_ event: JSONEvent, as kind: HubValueKind, validated: Bool) -> HubValue? {
        guard case .string(let bytes) = event else { return nil }
        switch kind {
        case .string: return .string(bytes.string(validated: validated))
        case .url: return URL(jsonScalar: event, validated: validated).map(HubValue.url)
        case .identifiers: return HubIdentifier(bytes.string(validated: validated)).map { .identifiers([$0]) }
        default: return nil
        }
    }

    /// Whether a value from `alternative` may set a property: lists always; a single value only
    /// when no value of this or a lower alternative has set it.
    private static func claim(_ ranks: inout Ranks, _ kind: HubValueKind, _ tag: Int, _ alternative: Int8) -> Bool {
        switch kind {
        case .models, .identifiers: return true
        default: return ranks.claim(tag, alternative)
        }
    }

    // MARK: Scopes

    mutating func beginScope(
        program: Int, at destination: MatchDestination, parent: Int, isArray: Bool, info: MatchInfo
    ) throws -> Int {
        let kind = HubModelKind(program: program)
        let nesting = nesting(of: parent) + 1
        // Models are built, merged and written recursively: their nesting is bounded.
        guard nesting <= HubNestingError.maximumDepth else { throw HubNestingError() }
        let index: Int
        switch kind {
        case .viewModel:
            index = viewModels.count
            viewModels.append(ViewModel())
        case .component:
            index = components.count
            components.append(ComponentModel(unidentified: ()))
        case .image:
            index = images.count
            images.append(ComponentImageData())
        case .target:
            index = targets.count
            targets.append(ComponentTarget())
        }
        frames.append(
            Frame(kind: kind, index: Int32(index), parent: Int32(parent), isObject: !isArray, nesting: Int32(nesting)))
        return frames.count - 1
    }

    mutating func endScope(_ scope: Int, at destination: MatchDestination) throws {
        precondition(scope == frames.count - 1, "Hub scopes close in reverse order")
        let frame = frames.removeLast()
        switch frame.kind {
        case .viewModel:
            var viewModel: ViewModel? = viewModels.removeLast()
            hand(&viewModel, from: frame, at: destination)
        case .component:
            var component: ComponentModel? = components.removeLast()
            if frame.isObject, frame.parent < 0, destination.tag == ViewModel.bodyComponentsTag, let streamBody,
                let streamed = component.take()
            {
                // A streamed body component goes to the consumer.
                try streamBody(streamed)
                return
            }
            hand(&component, from: frame, at: destination)
        case .image:
            var image: ComponentImageData? = images.removeLast()
            hand(&image, from: frame, at: destination)
        case .target:
            var target: ComponentTarget? = targets.removeLast()
            hand(&target, from: frame, at: destination)
        }
    }

    /// Moves the finished model of `frame` into the model of its parent scope.
    ///
    /// Only when its rank allows, as ``set(_:in:tag:alternative:)`` decides; the model is never
    /// copied or boxed. A model of a scope opened on an array is dropped.
    private mutating func hand<Nested: HubModel>(
        _ nested: inout Nested?, from frame: Frame, at destination: MatchDestination
    ) {
        guard frame.isObject else { return }
        let tag = destination.tag
        let alternative = Int8(clamping: destination.alternative)
        let scope = Int(frame.parent)
        guard scope >= 0 else {
            if Self.claim(&rootRanks, kind(.viewModel, tag), tag, alternative) {
                root.assign(nested: &nested, tag: tag)
            }
            return
        }
        let model = frames[scope].kind
        guard Self.claim(&frames[scope].ranks, kind(model, tag), tag, alternative) else { return }
        let index = Int(frames[scope].index)
        switch model {
        case .viewModel: viewModels[index].assign(nested: &nested, tag: tag)
        case .component: components[index].assign(nested: &nested, tag: tag)
        case .image: images[index].assign(nested: &nested, tag: tag)
        case .target: targets[index].assign(nested: &nested, tag: tag)
        }
    }
}

/// For each property of a model, the lowest alternative that has set it (`Int8.max`: none yet).
///
/// The first 32 properties are kept inline (no allocation per model); a model type with more
/// keeps the rest in an array made on first use.
struct Ranks {
    private var inline = SIMD32<Int8>(repeating: .max)
    private var overflow: [Int8] = []

    /// Records that `alternative` sets property `tag`, when it is lower than the recorded one.
    @inline(__always)
    mutating func claim(_ tag: Int, _ alternative: Int8) -> Bool {
        guard _fastPath(tag < inline.scalarCount) else { return claimBeyondInline(tag, alternative) }
        guard alternative < inline[tag] else { return false }
        inline[tag] = alternative
        return true
    }

    @inline(never)
    private mutating func claimBeyondInline(_ tag: Int, _ alternative: Int8) -> Bool {
        let index = tag - inline.scalarCount
        if index >= overflow.count {
            overflow.append(contentsOf: repeatElement(.max, count: index - overflow.count + 1))
        }
        guard alternative < overflow[index] else { return false }
        overflow[index] = alternative
        return true
    }
}
