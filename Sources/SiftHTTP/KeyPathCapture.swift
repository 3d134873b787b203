import NIOCore
import Sift

// The engine behind the data mappers: a `MatchProgram` run with a `MatchConsumer` (the
// engine's public seam for model builders) follows a root key path (see
// `RootKeyPath`) through the tokenizer's events and hands back
// the value found there, or each element of the array found there, as soon as its closing token
// has been read. Only that value is built; everything else in the document is only tokenized
// (validated), never kept. Probes on the prefixes of the key path say why nothing was found.

/// A value read at the root key path.
struct CapturedJSON {
    /// The value (only this subtree of the document).
    var value: JSONValue
    /// The root key path, shared by every element captured there.
    var keyPath: JSONNodePath
    /// The index of an element in the array at the root key path; nil for the value itself.
    var index: Int?

    /// The value's path, for example `$.authors[3]`: made only for an error message, never per
    /// element.
    var path: JSONNodePath {
        index.map { keyPath.appending(.index($0)) } ?? keyPath
    }
}

/// Which value at the root key path a capture hands back.
enum CaptureTarget {
    /// The value itself.
    case value
    /// Each element of the array found there.
    case elements
}

/// Member names as a `JSONPath`.
func rootKeyJSONPath(_ keys: some Sequence<String>) -> JSONPath {
    keys.reduce(JSONPath.root) { $0.goTo($1) }
}

/// Consumes the matches of the root key path's readings and the presence probes on their
/// prefixes, as the actions layer delivers them.
///
/// A dotted path with dots has two readings (see `RootKeyPath`), the literal key first: it wins. The value target
/// hands out a value of the literal reading at once and holds one of the nested reading until
/// the document ends (the literal key may still come). The elements target streams the first
/// array found; a literal array found after the nested one began streaming is an error, since
/// the nested elements were already handed out.
struct KeyPathCapture: MatchConsumer {
    /// One reading of the root key path.
    struct Reading {
        let keys: [String]
        let keyPath: JSONNodePath
        /// What the first value found at each prefix of the keys was ("an object", ...).
        var foundKinds: [JSONValueKind?]
        var valueFound = false
        var arraysFound = 0
        var elementIndex = 0
    }

    /// What a tag stands for: a reading, and the level of its probe (`keys.count + 1`: the
    /// match itself).
    struct Tag {
        var reading: Int
        var level: Int
    }

    let target: CaptureTarget
    let rootKeyPath: RootKeyPath
    private(set) var readings: [Reading]
    let tags: [Tag]
    /// Values completed since the last `takeCompleted()`.
    private(set) var completed: [CapturedJSON] = []
    /// A value of the nested reading, held while the literal key may still come.
    private var held: CapturedJSON?
    /// The reading whose array's elements are handed out.
    private var streaming: Int?
    /// A problem to throw where it was found, with the path of its reading.
    var problem: (message: String, path: JSONNodePath)?
    /// A wrong-kind value at the nested reading: an error only if the literal key is not found;
    /// the follower notes where it was found.
    var deferredProblem: (message: String, path: JSONNodePath)?
    var deferredLocation: SourceLocation?

    init(rootKeyPath: RootKeyPath, target: CaptureTarget, tags: [Tag]) {
        self.rootKeyPath = rootKeyPath
        self.target = target
        self.tags = tags
        self.readings = rootKeyPath.readings.map { keys in
            Reading(
                keys: keys, keyPath: JSONNodePath(keys.map { .key($0) }),
                foundKinds: Array(repeating: nil, count: keys.count + 1))
        }
    }

    /// The readings' match and probe paths, in tag order.
    static func paths(of rootKeyPath: RootKeyPath, target: CaptureTarget) -> [(path: JSONPath, tag: Tag)] {
        var paths: [(path: JSONPath, tag: Tag)] = []
        let described = rootKeyPath.readings.count - 1
        for (index, keys) in rootKeyPath.readings.enumerated() {
            let path = rootKeyJSONPath(keys)
            paths.append((target == .value ? path : path.forEach(), Tag(reading: index, level: keys.count + 1)))
            // The probes capture nothing, and report what began there.
            // The readings not described in messages probe only where their array begins.
            let probed = target == .value ? keys.count : keys.count + 1
            let first = index == described ? 0 : (target == .value ? probed : keys.count)
            for level in first..<probed {
                paths.append((rootKeyJSONPath(keys.prefix(level)), Tag(reading: index, level: level)))
            }
        }
        return paths
    }

    /// The reading messages describe: the member names (as SiftMapping reports a missing value).
    private var described: Reading { readings[readings.count - 1] }

    /// Whether the value at the root key path (or its array) was found.
    var found: Bool { target == .value ? readings.contains(where: \.valueFound) || held != nil : streaming != nil }

    mutating func takeCompleted() -> [CapturedJSON] {
        defer { completed.removeAll(keepingCapacity: true) }
        return completed
    }

    /// Ends the document: hands out the held value of the nested reading, unless the literal
    /// key was found; returns the deferred problem that still stands.
    mutating func finishDocument() -> (message: String, path: JSONNodePath)? {
        if let held, !readings[0].valueFound {
            completed.append(held)
            self.held = nil
        }
        return streaming == nil && readings[0].arraysFound == 0 ? deferredProblem : nil
    }

    mutating func receive(_ value: MatchedValue, at destination: MatchDestination, scope: Int, info: MatchInfo) throws {
        let tag = tags[destination.tag]
        // Only the match itself captures: the probes' values arrive through `probed`.
        guard tag.level == readings[tag.reading].keys.count + 1 else { return }
        let reading = tag.reading
        switch target {
        case .value:
            // The first of several members with the same name wins, and the literal key wins.
            guard !readings[reading].valueFound, !readings[0].valueFound else { return }
            readings[reading].valueFound = true
            let captured = CapturedJSON(value: value.jsonValue, keyPath: readings[reading].keyPath)
            if reading == 0 {
                held = nil
                completed.append(captured)
            } else {
                held = captured
            }
        case .elements:
            guard streaming == reading, readings[reading].arraysFound == 1 else { return }
            completed.append(
                CapturedJSON(
                    value: value.jsonValue, keyPath: readings[reading].keyPath, index: readings[reading].elementIndex))
            readings[reading].elementIndex += 1
        }
    }

    mutating func probed(_ found: JSONEvent, at destination: MatchDestination, scope: Int, info: MatchInfo) {
        probe(tags[destination.tag], found: found)
    }

    /// A probe saw the value at a prefix of a reading begin.
    private mutating func probe(_ tag: Tag, found event: JSONEvent) {
        let reading = tag.reading
        guard tag.level < readings[reading].foundKinds.count else { return }
        guard let kind = JSONValueKind(of: event) else { return }
        if readings[reading].foundKinds[tag.level] == nil { readings[reading].foundKinds[tag.level] = kind }
        guard tag.level == readings[reading].keys.count, target == .elements else { return }
        if case .startArray = event {
            readings[reading].arraysFound += 1
            guard readings[reading].arraysFound == 1 else { return }
            if streaming == nil {
                streaming = reading
            } else if reading == 0, problem == nil {
                problem = (
                    "root key path `\(rootKeyPath.text)` names both a member with that name and nested members, "
                        + "and the nested array's elements were handed out first", readings[0].keyPath
                )
            }
        } else if readings[reading].arraysFound == 0 {
            let message = "expected an array at root key path `\(rootKeyPath.text)`, found \(kind)"
            if reading == 0 {
                if problem == nil { problem = (message, readings[0].keyPath) }
            } else if deferredProblem == nil {
                deferredProblem = (message, readings[reading].keyPath)
            }
        }
    }

    /// Why nothing was found, once the document has ended.
    var notFoundReason: String {
        let reading = described
        var level = 0
        while level < reading.keys.count, reading.foundKinds[level + 1] != nil { level += 1 }
        guard let kind = reading.foundKinds[level] else { return "the document has no value there" }
        guard kind == .object, level < reading.keys.count else {
            return "\(pathText(level)) is \(kind), not an object"
        }
        return "\(pathText(level)) has no member `\(reading.keys[level])`"
    }

    /// The path of the described reading's value, for errors.
    var keyPath: JSONNodePath { described.keyPath }

    private func pathText(_ count: Int) -> String {
        count == 0 ? "the root value" : "`" + described.keys.prefix(count).joined(separator: ".") + "`"
    }
}

/// Runs the path matcher and turns a wrong-kind value at the root key path into an error
/// thrown where it was found.
struct KeyPathFollower: JSONEventHandler {
    var matcher: MatchHandler<KeyPathCapture>

    mutating func handle(_ event: JSONEvent, context: JSONEventContext) throws {
        try matcher.handle(event, context: context)
        // The probe reports the value as it begins: the context is where it begins.
        if let problem = matcher.consumer.problem {
            matcher.consumer.problem = nil
            throw DataMapperError(message: problem.message, path: problem.path, location: context.location)
        }
        if matcher.consumer.deferredProblem != nil, matcher.consumer.deferredLocation == nil {
            matcher.consumer.deferredLocation = context.location
        }
    }
}

/// Compiles the match program of a root key path and feeds body chunks to a tokenizer running it.
struct KeyPathCaptureSession {
    private let tokenizer: JSONTokenizer<KeyPathFollower>
    /// An RFC 9535 root key path that names no members: thrown by the first call.
    private let invalid: DataMapperError?

    init(keyPath: String?, target: CaptureTarget, options: JSONParserOptions) {
        let rootKeyPath = RootKeyPath(keyPath)
        invalid = rootKeyPath.problem.map { DataMapperError(message: $0, path: .root) }
        let paths = KeyPathCapture.paths(of: rootKeyPath, target: target)
        let program = MatchProgram { builder in
            for (index, entry) in paths.enumerated() {
                let isMatch = entry.tag.level == rootKeyPath.readings[entry.tag.reading].count + 1
                builder.addMatch(entry.path, kind: isMatch ? .value : .probe, tag: index)
            }
        }
        let capture = KeyPathCapture(rootKeyPath: rootKeyPath, target: target, tags: paths.map(\.tag))
        let matcher = program.matcher(capture)
        tokenizer = JSONTokenizer(options: options, handler: KeyPathFollower(matcher: matcher))
    }

    /// Parses one chunk; returns the values completed in it, in document order.
    mutating func consume(_ chunk: ByteBuffer) throws -> [CapturedJSON] {
        if let invalid { throw invalid }
        try tokenizer.feed(chunk.readableBytesView)
        return tokenizer.handler.matcher.consumer.takeCompleted()
    }

    /// Ends the input: returns a value completed there, or throws when the document is
    /// incomplete or holds nothing at the root key path.
    mutating func finish() throws -> [CapturedJSON] {
        if let invalid { throw invalid }
        try tokenizer.finish()
        if let problem = tokenizer.handler.matcher.consumer.finishDocument() {
            throw DataMapperError(
                message: problem.message, path: problem.path,
                location: tokenizer.handler.matcher.consumer.deferredLocation)
        }
        let capture = tokenizer.handler.matcher.consumer
        guard capture.found else {
            throw DataMapperError(
                message: "no value at root key path `\(capture.rootKeyPath.text)`: \(capture.notFoundReason)",
                path: capture.keyPath)
        }
        return tokenizer.handler.matcher.consumer.takeCompleted()
    }
}
