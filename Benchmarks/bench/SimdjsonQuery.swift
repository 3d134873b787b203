internal import CSimdjsonBench
import Foundation

/// A query that simdjson On-Demand answers with a function written by hand for its shape
/// (CSimdjsonBench/Queries.cpp), the way a simdjson user answers a fixed query: On-Demand has no
/// JSONPath.
///
/// Made from the JSONPath text of a scenario, so that Sift and simdjson are given the same query.
///
/// ```swift
/// let query = try SimdjsonQuery(path: "$.body[?@.metadata.ok==true].id")
/// // .filterTrue(array: "body", condition: "metadata.ok", chain: "id")
/// let found = try query.fingerprint(on: SimdjsonDocument(copying: data))
/// ```
enum SimdjsonQuery: Equatable, Sendable {
    /// `$.a.b`: members from the root (names joined by dots).
    case fieldChain(String)
    /// `$.a[*].b.c`: a chain in each element of the array at `array`.
    case eachFieldChain(array: String, chain: String)
    /// `$.a[?@.x.y==true].b`: a chain in each element of `array` whose `condition` is `true`.
    case filterTrue(array: String, condition: String, chain: String)
    /// `$..name`: every member called `name`, by a recursion over objects and arrays.
    case descendant(String)
    /// `$.a.b` applied to each value of newline-delimited JSON (iterate_many).
    case lines(String)

    /// The shape of `path`, applied to each value of a sequence when `lines` is set.
    ///
    /// - Throws: ``BenchError`` for a path of no shape with a hand-written function.
    init(path: String, lines: Bool = false) throws(BenchError) {
        let unsupported = BenchError("no hand-written simdjson query has the shape of '\(path)'")
        guard path.hasPrefix("$") else { throw unsupported }
        var rest = path.dropFirst()
        if rest.hasPrefix(".."), !lines {
            let name = rest.dropFirst(2)
            guard Self.isName(name) else { throw unsupported }
            self = .descendant(String(name))
            return
        }
        var before: [Substring] = []
        var after: [Substring] = []
        var array: String?
        var condition: String?
        while let first = rest.first {
            if rest.hasPrefix("[*]"), array == nil {
                array = before.joined(separator: ".")
                rest = rest.dropFirst(3)
            } else if rest.hasPrefix("[?@."), array == nil, let close = rest.firstIndex(of: "]") {
                let test = rest[rest.index(rest.startIndex, offsetBy: 4)..<close].filter { $0 != " " }
                guard test.hasSuffix("==true"), case let chain = test.dropLast(6),
                    chain.split(separator: ".", omittingEmptySubsequences: false).allSatisfy(Self.isName)
                else { throw unsupported }
                array = before.joined(separator: ".")
                condition = String(chain)
                rest = rest[rest.index(after: close)...]
            } else if first == "." {
                let name = rest.dropFirst().prefix { $0 != "." && $0 != "[" }
                guard Self.isName(name) else { throw unsupported }
                if array == nil { before.append(name) } else { after.append(name) }
                rest = rest.dropFirst(1 + name.count)
            } else {
                throw unsupported
            }
        }
        let chain = (array == nil ? before : after).joined(separator: ".")
        switch (array, condition, lines) {
        case (nil, _, false): self = .fieldChain(chain)
        case (nil, _, true): self = .lines(chain)
        case (let array?, nil, false): self = .eachFieldChain(array: array, chain: chain)
        case (let array?, let condition?, false): self = .filterTrue(array: array, condition: condition, chain: chain)
        default: throw unsupported
        }
    }

    /// A member name the functions take as it is: letters, digits, `_`, `-` and `:`.
    private static func isName(_ name: Substring) -> Bool {
        !name.isEmpty && name.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" || $0 == ":" }
    }

    /// Answers the query over `document`: how many values and their ``Fingerprint``.
    ///
    /// - Parameter writesLines: Also write each value to stdout as a compact JSON line, as
    ///   `sift query` does (the process mode, ``SimdjsonProcess``).
    /// - Throws: ``BenchError`` with simdjson's message when the document is not valid where
    ///   the query read it.
    func fingerprint(on document: SimdjsonDocument, writesLines: Bool = false) throws(BenchError) -> Fingerprint {
        var answer = sift_simdjson_answer_make(writesLines ? 1 : 0)
        let handle = document.handle
        switch self {
        case .fieldChain(let chain): sift_simdjson_field_chain(handle, chain, &answer)
        case .eachFieldChain(let array, let chain): sift_simdjson_each_field_chain(handle, array, chain, &answer)
        case .filterTrue(let array, let condition, let chain):
            sift_simdjson_filter_true(handle, array, condition, chain, &answer)
        case .descendant(let name): sift_simdjson_descendant(handle, name, &answer)
        case .lines(let chain): sift_simdjson_lines_field_chain(handle, chain, &answer)
        }
        if let error = answer.error { throw BenchError("simdjson: \(String(cString: error))") }
        return Fingerprint(count: Int(answer.count), hash: answer.hash)
    }
}
