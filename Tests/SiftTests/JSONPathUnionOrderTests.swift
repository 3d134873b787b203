import Testing

@testable import Sift

/// Unions stream in RFC 9535 order.
///
/// A union's nodelist is its selectors' results concatenated in the order they are written,
/// node by node (§2.5). Every union of two selectors from eight kinds,
/// one that is decided at once beside one that decides later (a negative index waits for the
/// array's length, a filter on `$` for the document's end, a filter on `$.z` for a member written
/// after the candidates), under four prefixes, streamed whole and in chunks of 1 to 7 bytes,
/// gives the in-memory evaluation's values and paths in its order.
@Suite struct JSONPathUnionOrderTests {
    static let selectors = ["1", "-1", "1:", "'a'", "*", "?@.b", "?$", "?$.z"]
    static let prefixes = ["$", "$.a", "$..", "$[*].."]
    /// `z`, which `?$.z` reads, comes after the candidates in the first document and before them
    /// in the second.
    static let documents = [
        #"{"a":[1,{"b":2,"a":[3]},[4,5]],"b":{"a":{"c":null},"d":"x"},"":[true,false],"c d":{"e":[[6],[7,[8]]]},"z":1}"#,
        #"{"z":false,"a":[{"a":[0,{"b":[1]}]},[{"b":{"a":2}}],3],"b":[[],{}],"c":{"b":{"b":true}}}"#,
    ]

    static var queries: [String] {
        prefixes.flatMap { prefix in
            selectors.flatMap { first in
                selectors.map { second in
                    // `$..` takes a bracketed selection straight after it.
                    "\(prefix)[\(first),\(second)]"
                }
            }
        }
    }

    @Test(arguments: documents)
    func streamedUnionsComeInRFCOrder(document: String) throws {
        let bytes = Array(document.utf8)
        let root = try JSONValue(parsing: document)
        let splits: [TokenizerTestSupport.Split] = [.whole] + (1...7).map { .size($0) }
        var failures: [String] = []
        var selectedSome = 0
        for text in Self.queries {
            let path = try JSONPath(text)
            let expected = PathSelection.select(path.alternatives[0][...], from: root).map {
                ($0.path.normalized, $0.value)
            }
            if expected.count > 1 { selectedSome += 1 }
            for split in splits {
                let streamed = try JSONPathComplianceTests.stream(path, over: bytes, split: split)
                if streamed.map(\.0) != expected.map(\.0) || streamed.map(\.1) != expected.map(\.1) {
                    failures.append(
                        "\(text), \(split): \(streamed.map(\.0)) instead of \(expected.map(\.0))")
                    break
                }
            }
        }
        #expect(failures.isEmpty, "\(failures.count) of \(Self.queries.count):\n\(failures.joined(separator: "\n"))")
        // The sweep is worth something only if most unions select several nodes to order.
        #expect(selectedSome > Self.queries.count / 2)
    }

    /// The issue's own examples, spelled out.
    @Test func absoluteFilterBesideAnIndex() throws {
        let document = Array(Self.documents[0].utf8)
        func values(_ text: String) throws -> [String] {
            try JSONPathComplianceTests.stream(try JSONPath(text), over: document, split: .whole).map {
                JSONWriterTestSupport.serialize($0.1)
            }
        }
        #expect(try values("$.a[?$,1]") == ["1", #"{"b":2,"a":[3]}"#, "[4,5]", #"{"b":2,"a":[3]}"#])
        #expect(try values("$.a[1,?$]") == [#"{"b":2,"a":[3]}"#, "1", #"{"b":2,"a":[3]}"#, "[4,5]"])
        #expect(try values("$.a[?@,0]") == ["1", #"{"b":2,"a":[3]}"#, "[4,5]", "1"])
    }
}
