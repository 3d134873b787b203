import NIOCore
import Sift

// The engine behind the data mappers: the engine's path automaton (`PathAutomaton`,
// `PathMatcher`) follows a dotted root key path through the tokenizer's events and hands back
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

/// Parses a dotted root key path (`"data.authors"`); nil or empty names the root value.
func rootKeyPathComponents(_ keyPath: String?) -> [String] {
    guard let keyPath, !keyPath.isEmpty else { return [] }
    return keyPath.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
}

/// The dotted root key path as a `JSONPath` of member names.
func rootKeyJSONPath(_ keys: some Sequence<String>) -> JSONPath {
    keys.reduce(JSONPath.root) { $0.goTo($1) }
}

/// Receives the matches of the root key path (tag `keys.count + 1`) and of the probes on its
/// prefixes (tag = the number of keys of the prefix).
struct KeyPathCaptureReceiver: PathMatchReceiver {
    let keys: [String]
    let target: CaptureTarget
    var matchTag: Int { keys.count + 1 }

    /// What the first value found at each prefix of the key path was ("an object", ...).
    private(set) var foundKinds: [String?]
    /// Values completed since the last `takeCompleted()`.
    private(set) var completed: [CapturedJSON] = []
    /// A value of the wrong kind was found where the array of the elements should be.
    var problem: String?
    private var valueFound = false
    private var arraysFound = 0
    private var elementIndex = 0
    let keyPath: JSONNodePath

    init(keys: [String], target: CaptureTarget) {
        self.keys = keys
        self.target = target
        self.foundKinds = Array(repeating: nil, count: keys.count + 1)
        self.keyPath = JSONNodePath(keys.map { .key($0) })
    }

    /// Whether the value at the root key path (or its array) was found.
    var found: Bool { target == .value ? valueFound : arraysFound > 0 }

    mutating func takeCompleted() -> [CapturedJSON] {
        defer { completed.removeAll(keepingCapacity: true) }
        return completed
    }

    mutating func receive(_ value: MatchedValue, accept: PathAutomaton.Accept, scope: Int, info: MatchInfo) throws {
        guard accept.tag == matchTag else {
            if case .scalar(let event) = value { probe(accept.tag, found: event) }
            return
        }
        switch target {
        case .value:
            // The first of several members with the same name wins.
            guard !valueFound else { return }
            valueFound = true
            completed.append(CapturedJSON(value: value.jsonValue, keyPath: keyPath))
        case .elements:
            guard arraysFound == 1 else { return }
            completed.append(CapturedJSON(value: value.jsonValue, keyPath: keyPath, index: elementIndex))
            elementIndex += 1
        }
    }

    mutating func dropped(accept: PathAutomaton.Accept, found: JSONEvent, scope: Int, info: MatchInfo) {
        probe(accept.tag, found: found)
    }

    /// A probe saw the value at the prefix of `level` keys begin.
    private mutating func probe(_ level: Int, found event: JSONEvent) {
        guard level < foundKinds.count else { return }
        let kind = Self.kind(of: event)
        if foundKinds[level] == nil { foundKinds[level] = kind }
        guard level == keys.count, target == .elements else { return }
        if case .startArray = event {
            arraysFound += 1
        } else if arraysFound == 0, problem == nil {
            problem = "expected an array at root key path `\(keyPathText)`, found \(kind)"
        }
    }

    /// Why nothing was found, once the document has ended.
    var notFoundReason: String {
        var level = 0
        while level < keys.count, foundKinds[level + 1] != nil { level += 1 }
        guard let kind = foundKinds[level] else { return "the document has no value there" }
        guard kind == "an object", level < keys.count else { return "\(pathText(level)) is \(kind), not an object" }
        return "\(pathText(level)) has no member `\(keys[level])`"
    }

    /// The root key path as written, `$` for the root.
    var keyPathText: String {
        keys.isEmpty ? "$" : keys.joined(separator: ".")
    }

    private func pathText(_ count: Int) -> String {
        count == 0 ? "the root value" : "`" + keys.prefix(count).joined(separator: ".") + "`"
    }

    static func kind(of event: JSONEvent) -> String {
        switch event {
        case .startObject: "an object"
        case .startArray: "an array"
        case .string: "a string"
        case .number: "a number"
        case .bool: "a boolean"
        case .null: "null"
        default: "a token"
        }
    }
}

/// Runs the path matcher and turns a wrong-kind value at the root key path into an error
/// thrown where it was found.
struct KeyPathFollower: JSONEventHandler {
    var matcher: PathMatcher<KeyPathCaptureReceiver>

    mutating func handle(_ event: JSONEvent, context: JSONEventContext) throws {
        try matcher.handle(event, context: context)
        if let problem = matcher.receiver.problem {
            matcher.receiver.problem = nil
            // The probe reports the value as it begins: the context is where it begins.
            throw DataMapperError(message: problem, path: matcher.receiver.keyPath, location: context.location)
        }
    }
}

/// Compiles the automaton of a root key path and feeds body chunks to a tokenizer running it.
struct KeyPathCaptureSession {
    private let tokenizer: JSONTokenizer<KeyPathFollower>

    init(keyPath: String?, target: CaptureTarget, options: JSONParserOptions) {
        let keys = rootKeyPathComponents(keyPath)
        let automaton = PathAutomaton()
        let receiver = KeyPathCaptureReceiver(keys: keys, target: target)
        let path = rootKeyJSONPath(keys)
        automaton.addMatch(target == .value ? path : path.forEach(), kind: .value, tag: receiver.matchTag)
        // The probes: a scalar destination captures nothing, and reports what began there.
        let probed = target == .value ? keys.count : keys.count + 1
        for level in 0..<probed {
            automaton.addMatch(rootKeyJSONPath(keys.prefix(level)), kind: .string, tag: level)
        }
        let matcher = PathMatcher(paths: CompiledPaths(automaton), receiver: receiver)
        tokenizer = JSONTokenizer(options: options, handler: KeyPathFollower(matcher: matcher))
    }

    /// Parses one chunk; returns the values completed in it, in document order.
    mutating func consume(_ chunk: ByteBuffer) throws -> [CapturedJSON] {
        try tokenizer.feed(chunk.readableBytesView)
        return tokenizer.handler.matcher.receiver.takeCompleted()
    }

    /// Ends the input: returns a value completed there, or throws when the document is
    /// incomplete or holds nothing at the root key path.
    mutating func finish() throws -> [CapturedJSON] {
        try tokenizer.finish()
        let receiver = tokenizer.handler.matcher.receiver
        guard receiver.found else {
            throw DataMapperError(
                message: "no value at root key path `\(receiver.keyPathText)`: \(receiver.notFoundReason)",
                path: receiver.keyPath)
        }
        return tokenizer.handler.matcher.receiver.takeCompleted()
    }
}
