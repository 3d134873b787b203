import Testing

@testable import Sift

/// A filter that is one comparison of a slot with a literal is decided from that slot alone
/// (`StreamedFilter.slotComparison`): it must decide exactly as the expression does.
@Suite("Streamed filters: a comparison with a literal decided from its slot")
struct StreamedFilterComparisonTests {
    /// The streamed filter of the only filter selector of `path` (`$[?…]`).
    private func streamedFilter(_ path: String) throws -> StreamedFilter {
        let parsed = try JSONPath(path)
        guard case .child(let selectors) = parsed.alternatives[0][0], case .filter(let filter) = selectors[0] else {
            Issue.record("no filter in \(path)")
            throw JSONPathStreamingErrorForTest()
        }
        var documentSlots: [[String]] = []
        return StreamedFilter(filter.expression, documentSlots: &documentSlots)
    }

    private struct JSONPathStreamingErrorForTest: Error {}

    private func number(_ text: String) -> JSONValue {
        guard let number = JSONNumber(text: text) else {
            Issue.record("\(text) is not a number")
            return .null
        }
        return .number(number)
    }

    /// Slot values of every kind, with Nothing (`missing`) and not read yet (`unknown`).
    private var slotValues: [StreamedFilter.SlotValue] {
        let values: [JSONValue] = [
            .bool(true), .bool(false), .null, number("1"), number("1.0"), number("2e0"), number("-3"),
            .string("a"), .string("b"), .string(""), .array([]), .object([:]),
        ]
        return [.unknown, .missing] + values.map { .value($0) }
    }

    @Test(
        "takes the shortcut for a whole slot compared with a literal, on either side",
        arguments: [
            "$[?@.ok == true]", "$[?true == @.ok]", "$[?@.a.b < 2]", "$[?2 <= @.n]", "$[?@.s != 'a']",
            "$[?@.n > -3]", "$[?@.n >= 1.0]", "$[?@ == null]", "$[?@.tags == 'b']",
        ])
    func decidesAsTheExpression(path: String) throws {
        let filter = try streamedFilter(path)
        let comparison = try #require(filter.slotComparison, "\(path) takes the shortcut")
        #expect(filter.slots.count == 1)
        for value in slotValues {
            for candidateEnded in [false, true] {
                let expected = filter.decide(
                    slots: [value][...], candidateEnded: candidateEnded, document: [], documentNames: [],
                    documentEnded: false)
                let decided = comparison.decide(value, candidateEnded: candidateEnded)
                #expect(decided == expected, "\(path) on \(value), candidate ended: \(candidateEnded)")
            }
        }
    }

    @Test(
        "walks the expression for anything else",
        arguments: [
            "$[?@.a[0] == 1]", "$[?@.a == @.b]", "$[?$.limit == 1]", "$[?@.a == 1 && @.b == 2]", "$[?@.a]",
            "$[?length(@.a) == 1]", "$[?count(@.*) == 1]", "$[?!(@.a == 1)]",
        ])
    func keepsTheExpression(path: String) throws {
        #expect(try streamedFilter(path).slotComparison == nil)
    }
}
