import Foundation
import Testing

@testable import Sift

/// The RFC 9535 compliance suite: every test must give the expected values in the expected
/// order, in memory and by streaming (whole, and in chunks of every size from 1 to 31 bytes);
/// invalid selectors must be rejected.
///
/// Every test passes both ways, filters included; in ``JSONQuery/ResultOrder/streaming`` order
/// the streamed results are the expected ones in some order.
@Suite struct JSONPathComplianceTests {
    static let suiteURL = TokenizerTestSupport.fixture("jsonpath-cts/cts.json")

    struct Case {
        var name: String
        var selector: String
        var document: JSONValue?
        var results: [[JSONValue]]
        var resultPaths: [[String]]
        var invalid: Bool
    }

    static func loadCases() throws -> [Case] {
        guard let data = FileManager.default.contents(atPath: suiteURL.path) else { return [] }
        let suite = try parseValue(String(decoding: data, as: UTF8.self))
        var cases: [Case] = []
        for test in suite["tests"]?.arrayValue ?? [] {
            var results: [[JSONValue]] = []
            var paths: [[String]] = []
            if let single = test["result"]?.arrayValue { results = [single] }
            if let many = test["results"]?.arrayValue { results = many.compactMap(\.arrayValue) }
            if let single = test["result_paths"]?.arrayValue { paths = [single.compactMap(\.stringValue)] }
            if let many = test["results_paths"]?.arrayValue {
                paths = many.map { ($0.arrayValue ?? []).compactMap(\.stringValue) }
            }
            cases.append(
                Case(
                    name: test["name"]?.stringValue ?? "?", selector: test["selector"]?.stringValue ?? "",
                    document: test["document"], results: results, resultPaths: paths,
                    invalid: test["invalid_selector"] == .bool(true)))
        }
        return cases
    }

    /// Streams `path` over a document's JSON text cut by `split`; returns values with their
    /// normalized paths.
    static func stream(
        _ path: JSONPath, over text: [UInt8], split: TokenizerTestSupport.Split,
        order: JSONQuery.ResultOrder = .rfc9535
    ) throws -> [(String, JSONValue)] {
        var found: [(String, JSONValue)] = []
        var query = JSONQuery()
        query.resultOrder = order
        query.add(path.value) { match in found.append((match.path.normalized, match.value)) }
        let tokenizer = JSONTokenizer(handler: query.makeMatcher())
        try tokenizer.feedAll(text, split: split)
        return found
    }

    @Test func compliance() throws {
        let cases = try Self.loadCases()
        try #require(!cases.isEmpty, "cts.json not found at \(Self.suiteURL.path)")
        var inMemory = 0
        var streamed = 0
        var failures: [String] = []
        for test in cases {
            let path: JSONPath
            do {
                path = try JSONPath(test.selector)
            } catch {
                if test.invalid {
                    inMemory += 1
                    streamed += 1
                } else {
                    failures.append("\(test.name): rejected valid selector \(test.selector): \(error.message)")
                }
                continue
            }
            if test.invalid {
                failures.append("\(test.name): accepted invalid selector \(test.selector)")
                continue
            }
            guard let document = test.document else { continue }
            if Self.checkInMemory(test, path: path, document: document, failures: &failures) { inMemory += 1 }
            if try Self.checkStreamed(test, path: path, document: document, failures: &failures) { streamed += 1 }
        }
        print(
            "JSONPath CTS: in memory \(inMemory) of \(cases.count) passed; streamed \(streamed) of \(cases.count) "
                + "passed; \(failures.count) failures"
        )
        for failure in failures.prefix(40) { print("  ✗ \(failure)") }
        #expect(failures.isEmpty)
        #expect(inMemory == cases.count)
        #expect(streamed == cases.count)
        #expect(cases.count == 703)
    }

    /// `values(in:)` and the in-memory selection (values and normalized paths).
    static func checkInMemory(_ test: Case, path: JSONPath, document: JSONValue, failures: inout [String]) -> Bool {
        let values = path.value.values(in: document)
        guard let matchIndex = test.results.firstIndex(of: values) else {
            failures.append(
                "\(test.name): in memory \(values) expected \(test.results.first ?? []) for \(test.selector)")
            return false
        }
        let paths = PathSelection.select(path.alternatives[0][...], from: document).map(\.path.normalized)
        if matchIndex < test.resultPaths.count, paths != test.resultPaths[matchIndex] {
            failures.append("\(test.name): in-memory paths \(paths) expected \(test.resultPaths[matchIndex])")
            return false
        }
        return true
    }

    /// The streamed values and paths, whole and in chunks of 1 to 31 bytes; and in streaming
    /// order, the same results in some order.
    static func checkStreamed(_ test: Case, path: JSONPath, document: JSONValue, failures: inout [String]) throws
        -> Bool
    {
        let text = Array(JSONWriterTestSupport.serialize(document).utf8)
        for chunkSize in [text.count + 1] + Array(1...31) {
            let streamed = try Self.stream(path, over: text, split: .size(chunkSize))
            let matchIndex = test.results.firstIndex(of: streamed.map(\.1))
            guard let matchIndex else {
                failures.append(
                    "\(test.name): streamed (chunks of \(chunkSize)) \(streamed.map(\.1)) expected \(test.results.first ?? []) for \(test.selector)"
                )
                return false
            }
            if matchIndex < test.resultPaths.count, streamed.map(\.0) != test.resultPaths[matchIndex] {
                failures.append("\(test.name): paths \(streamed.map(\.0)) expected \(test.resultPaths[matchIndex])")
                return false
            }
        }
        for chunkSize in [text.count + 1, 1] {
            let streamed = try Self.stream(path, over: text, split: .size(chunkSize), order: .streaming)
            let sorted = streamed.sorted { $0.0 < $1.0 }
            let agrees = test.results.indices.contains { index in
                guard index < test.resultPaths.count else {
                    return streamed.count == test.results[index].count
                        && test.results[index].allSatisfy { value in streamed.contains { $0.1 == value } }
                }
                let expected = zip(test.resultPaths[index], test.results[index]).sorted { $0.0 < $1.0 }
                return sorted.map(\.0) == expected.map(\.0) && sorted.map(\.1) == expected.map(\.1)
            }
            if !agrees {
                failures.append("\(test.name): streaming order (chunks of \(chunkSize)) gave \(streamed)")
                return false
            }
        }
        return true
    }
}

/// Serialises test documents (compact, members in order).
enum JSONWriterTestSupport {
    static func serialize(_ value: JSONValue) -> String {
        switch value {
        case .null: return "null"
        case .bool(let flag): return flag ? "true" : "false"
        case .number(let number): return number.text
        case .string(let text): return quote(text)
        case .array(let elements): return "[" + elements.map(serialize).joined(separator: ",") + "]"
        case .object(let object):
            return "{" + object.map { quote($0.key) + ":" + serialize($0.value) }.joined(separator: ",") + "}"
        }
    }

    static func quote(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case _ where scalar.value < 0x20: result += String(format: "\\u%04x", scalar.value)
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
}

extension JSONValue {
    subscript(key: String) -> JSONValue? {
        if case .object(let object) = self { return object[key] }
        return nil
    }
    var arrayValue: [JSONValue]? {
        if case .array(let elements) = self { return elements }
        return nil
    }
    var stringValue: String? {
        if case .string(let text) = self { return text }
        return nil
    }
}
