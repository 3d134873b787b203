import Foundation
import Testing

@testable import Sift

/// Random documents × random filter expressions: Sift's evaluation (a parsed string through
/// ``TypedJSONPath/values(in:)``) against a reference written here from RFC 9535's text, on its
/// own expression tree, with `Decimal` numbers and `NSRegularExpression`.
@Suite struct JSONPathFilterRandomTests {
    indirect enum Expression {
        case compare(Operand, String, Operand)
        case exists(Query)
        case and(Expression, Expression)
        case or(Expression, Expression)
        case not(Expression)
        case regex(Operand, String, search: Bool)

        var text: String {
            switch self {
            case .compare(let left, let op, let right): "\(left.text) \(op) \(right.text)"
            case .exists(let query): query.text
            case .and(let left, let right): "(\(left.text) && \(right.text))"
            case .or(let left, let right): "(\(left.text) || \(right.text))"
            case .not(let operand): "!(\(operand.text))"
            case .regex(let subject, let pattern, let search):
                "\(search ? "search" : "match")(\(subject.text), '\(pattern.replacingOccurrences(of: "\\", with: "\\\\"))')"
            }
        }
    }

    enum Query {
        case keys([String], absolute: Bool)
        case wildcard
        case descendant(String)

        var text: String {
            switch self {
            case .keys(let keys, let absolute): (absolute ? "$[0]" : "@") + keys.map { "['\($0)']" }.joined()
            case .wildcard: "@.*"
            case .descendant(let key): "@..['\(key)']"
            }
        }

        var isSingular: Bool { if case .keys = self { true } else { false } }
    }

    enum Operand {
        case literal(String, JSONValue)
        case query(Query)
        case length(Query)
        case count(Query)
        case value(Query)

        var text: String {
            switch self {
            case .literal(let text, _): text
            case .query(let query): query.text
            case .length(let query): "length(\(query.text))"
            case .count(let query): "count(\(query.text))"
            case .value(let query): "value(\(query.text))"
            }
        }
    }

    struct Generator: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return state >> 11 ^ state
        }
    }

    static let keys = ["a", "b", "c"]
    static let strings = ["", "a", "ab", "b", "B", "\u{E9}", "e\u{301}", "abc"]
    static let numbers = ["0", "1", "1.0", "-1", "2.5", "1e1", "10", "12345678901234567890"]
    static let patterns = ["a.*", "[a-c]+", "\\p{L}*", "a|b", "(ab)?c?", ".", "\\p{Lu}", "[^a]"]

    static func document(_ random: inout Generator, depth: Int = 0) -> JSONValue {
        switch Int.random(in: 0..<(depth > 2 ? 5 : 7), using: &random) {
        case 0: return .null
        case 1: return .bool(Bool.random(using: &random))
        case 2: return .number(JSONNumber(text: numbers.randomElement(using: &random)!)!)
        case 3, 4: return .string(strings.randomElement(using: &random)!)
        case 5:
            return .array((0..<Int.random(in: 0..<4, using: &random)).map { _ in document(&random, depth: depth + 1) })
        default:
            var object = JSONObject()
            for key in keys where Bool.random(using: &random) {
                object.append(key: key, value: document(&random, depth: depth + 1))
            }
            // Now and then a duplicate key, later in the object (a filter's query reads the first).
            if Int.random(in: 0..<4, using: &random) == 0 {
                object.append(key: keys.randomElement(using: &random)!, value: document(&random, depth: depth + 1))
            }
            return .object(object)
        }
    }

    static func query(_ random: inout Generator, singular: Bool) -> Query {
        let pick = Int.random(in: 0..<(singular ? 4 : 6), using: &random)
        switch pick {
        case 0...2:
            let count = Int.random(in: 0...2, using: &random)
            return .keys((0..<count).map { _ in keys.randomElement(using: &random)! }, absolute: pick == 2)
        case 3: return .keys([keys.randomElement(using: &random)!], absolute: false)
        case 4: return .wildcard
        default: return .descendant(keys.randomElement(using: &random)!)
        }
    }

    static func operand(_ random: inout Generator) -> Operand {
        switch Int.random(in: 0..<7, using: &random) {
        case 0:
            let text = numbers.randomElement(using: &random)!
            return .literal(text, .number(JSONNumber(text: text)!))
        case 1:
            let text = strings.randomElement(using: &random)!
            return .literal("'\(text)'", .string(text))
        case 2:
            return [Operand.literal("true", true), .literal("false", false), .literal("null", .null)][
                Int.random(in: 0..<3, using: &random)]
        case 3: return .length(query(&random, singular: true))
        case 4: return .count(query(&random, singular: false))
        case 5: return .value(query(&random, singular: false))
        default: return .query(query(&random, singular: true))
        }
    }

    static func expression(_ random: inout Generator, depth: Int = 0) -> Expression {
        switch Int.random(in: 0..<(depth > 2 ? 3 : 6), using: &random) {
        case 0, 1:
            let op = ["==", "!=", "<", "<=", ">", ">="].randomElement(using: &random)!
            return .compare(operand(&random), op, operand(&random))
        case 2:
            if Bool.random(using: &random) { return .exists(query(&random, singular: false)) }
            return .regex(
                .query(query(&random, singular: true)), patterns.randomElement(using: &random)!,
                search: Bool.random(using: &random))
        case 3: return .and(expression(&random, depth: depth + 1), expression(&random, depth: depth + 1))
        case 4: return .or(expression(&random, depth: depth + 1), expression(&random, depth: depth + 1))
        default: return .not(expression(&random, depth: depth + 1))
        }
    }

    @Test func siftAgreesWithTheReference() throws {
        var random = Generator(state: 9535)
        var selectedSome = 0
        for index in 0..<400 {
            let candidates = (0..<Int.random(in: 1..<6, using: &random)).map { _ in Self.document(&random) }
            let root = JSONValue.array(candidates)
            let filter = Self.expression(&random)
            let path = try JSONPath("$[?\(filter.text)]")
            let expected = candidates.filter { Reference(root: root).evaluate(filter, $0) }
            let actual = path.value.values(in: root)
            #expect(
                actual.count == expected.count && zip(actual, expected).allSatisfy { Reference.equal($0, $1) },
                "case \(index): $[?\(filter.text)] over \(JSONWriterTestSupport.serialize(root))")
            if !expected.isEmpty { selectedSome += 1 }
        }
        #expect(selectedSome > 50)
    }
}

/// RFC 9535 §2.3.5.2 read literally, recursively, on the test's own trees.
struct Reference {
    let root: JSONValue

    func nodes(_ query: JSONPathFilterRandomTests.Query, _ current: JSONValue) -> [JSONValue] {
        switch query {
        case .keys(let keys, let absolute):
            var node: JSONValue? = absolute ? root.arrayValue?.first : current
            for key in keys {
                guard case .object(let object)? = node else { return [] }
                // Of duplicate keys, the first member (Sift's rule for filter queries).
                node = object.members.first { Array($0.key.unicodeScalars) == Array(key.unicodeScalars) }?.value
            }
            return node.map { [$0] } ?? []
        case .wildcard:
            switch current {
            case .array(let elements): return elements
            case .object(let object): return object.members.map(\.value)
            default: return []
            }
        case .descendant(let key):
            var found: [JSONValue] = []
            func visit(_ value: JSONValue) {
                switch value {
                case .array(let elements):
                    for element in elements { visit(element) }
                case .object(let object):
                    if let member = object.members.first(where: { $0.key == key }) { found.append(member.value) }
                    for member in object.members { visit(member.value) }
                default: break
                }
            }
            visit(current)
            return found
        }
    }

    func value(_ operand: JSONPathFilterRandomTests.Operand, _ current: JSONValue) -> JSONValue? {
        switch operand {
        case .literal(_, let value): return value
        case .query(let query):
            let found = nodes(query, current)
            return found.count == 1 ? found[0] : nil
        case .length(let query):
            guard let found = value(.query(query), current) else { return nil }
            switch found {
            case .string(let text): return .number(JSONNumber(text.unicodeScalars.count))
            case .array(let elements): return .number(JSONNumber(elements.count))
            case .object(let object): return .number(JSONNumber(Set(object.members.map { Array($0.key.utf8) }).count))
            default: return nil
            }
        case .count(let query): return .number(JSONNumber(nodes(query, current).count))
        case .value(let query):
            let found = nodes(query, current)
            return found.count == 1 ? found[0] : nil
        }
    }

    func evaluate(_ expression: JSONPathFilterRandomTests.Expression, _ current: JSONValue) -> Bool {
        switch expression {
        case .and(let left, let right): return evaluate(left, current) && evaluate(right, current)
        case .or(let left, let right): return evaluate(left, current) || evaluate(right, current)
        case .not(let operand): return !evaluate(operand, current)
        case .exists(let query): return !nodes(query, current).isEmpty
        case .regex(let subject, let pattern, let search):
            guard case .string(let text)? = value(subject, current) else { return false }
            let anchored = search ? pattern : "^(?:\(pattern))$"
            guard let regex = try? NSRegularExpression(pattern: anchored) else { return false }
            return regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
        case .compare(let left, let op, let right):
            let a = value(left, current)
            let b = value(right, current)
            switch op {
            case "==": return Self.equal(a, b)
            case "!=": return !Self.equal(a, b)
            case "<": return Self.less(a, b)
            case "<=": return Self.less(a, b) || Self.equal(a, b)
            case ">": return Self.less(b, a)
            default: return Self.less(b, a) || Self.equal(a, b)
            }
        }
    }

    static func equal(_ a: JSONValue?, _ b: JSONValue?) -> Bool {
        switch (a, b) {
        case (nil, nil): return true
        case (.null?, .null?): return true
        case (.bool(let x)?, .bool(let y)?): return x == y
        case (.number(let x)?, .number(let y)?): return Decimal(string: x.text) == Decimal(string: y.text)
        case (.string(let x)?, .string(let y)?): return Array(x.unicodeScalars) == Array(y.unicodeScalars)
        case (.array(let x)?, .array(let y)?): return x.count == y.count && zip(x, y).allSatisfy { equal($0, $1) }
        case (.object(let x)?, .object(let y)?):
            let left = Dictionary(
                x.members.map { (Array($0.key.utf8), $0.value) }, uniquingKeysWith: { first, _ in first })
            let right = Dictionary(
                y.members.map { (Array($0.key.utf8), $0.value) }, uniquingKeysWith: { first, _ in first })
            return left.count == right.count && left.allSatisfy { key, value in equal(value, right[key]) }
        default: return false
        }
    }

    static func less(_ a: JSONValue?, _ b: JSONValue?) -> Bool {
        switch (a, b) {
        case (.number(let x)?, .number(let y)?): return Decimal(string: x.text)! < Decimal(string: y.text)!
        case (.string(let x)?, .string(let y)?):
            return Array(x.unicodeScalars).lexicographicallyPrecedes(Array(y.unicodeScalars)) { $0.value < $1.value }
        default: return false
        }
    }
}
