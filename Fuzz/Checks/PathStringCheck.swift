import Sift

/// Check 4: any bytes, read as a JSONPath string, parse or throw, never crash; a parsed path's
/// normalized form parses back to the same path; and the path finds the same values streaming
/// over a fixed document as evaluated on that document in memory (filters included).
enum PathStringCheck {
    static let document = Array(
        #"{"a":[1,{"b":2,"a":[3]},[4,5]],"b":{"a":{"c":null},"d":"x"},"":[true,false],"c d":{"e":[[6],[7,[8]]]}}"#.utf8)
    static let documentValue = FuzzOutcome.parsed(document)

    static func run(_ bytes: [UInt8]) throws(FuzzDivergence) {
        let text = String(decoding: bytes, as: UTF8.self)
        let path: JSONPath
        do {
            path = try JSONPath(text)
        } catch {
            return
        }
        let normalized = path.description
        let reparsed: JSONPath
        do {
            reparsed = try JSONPath(normalized)
        } catch {
            throw FuzzDivergence(
                "jsonpath: normalized form",
                details: "\(text.debugDescription) → \(normalized) does not parse: \(error)")
        }
        if reparsed.description != normalized {
            throw FuzzDivergence(
                "jsonpath: normalized form",
                details: "\(text.debugDescription) → \(normalized) → \(reparsed.description)")
        }
        let streamed: [JSONValue]
        do {
            streamed = try JSONQuery.collect(path.value, from: .bytes(document))
        } catch {
            throw FuzzDivergence("jsonpath: query", details: "\(normalized) fails on a valid document: \(error)")
        }
        let evaluated = path.value.values(in: documentValue)
        if streamed != evaluated {
            throw FuzzDivergence(
                "jsonpath: streaming vs in memory", expected: evaluated.map { "\($0)" }, found: streamed.map { "\($0)" }
            )
        }
    }
}
