import Sift
import SiftSchema
import Testing

/// Bounds and `type: integer` on instance numbers: decided from the nearest `Double`s where they
/// are far enough apart, and exactly (as `Decimal`s) where rounding could change the answer.
@Suite struct NumberTests {
    static func isValid(_ schema: String, _ instance: String) throws -> Bool {
        try JSONSchema(parsing: schema).validate(.string(instance)).isValid
    }

    @Test("bounds next to a number a Double cannot tell from it are decided exactly")
    func boundsNearTheirValue() throws {
        let atMostOne = #"{"maximum": 1}"#
        #expect(try Self.isValid(atMostOne, "0.99999999999999999999"))
        #expect(try Self.isValid(atMostOne, "1.0"))
        #expect(try !Self.isValid(atMostOne, "1.00000000000000000001"))
        #expect(try Self.isValid(atMostOne, "0.5"))
        #expect(try !Self.isValid(atMostOne, "1.5"))
        let aboveTenth = #"{"exclusiveMinimum": 0.1}"#
        #expect(try !Self.isValid(aboveTenth, "0.1"))
        #expect(try Self.isValid(aboveTenth, "0.10000000000000000001"))
        #expect(try !Self.isValid(aboveTenth, "0.09999999999999999999"))
        let bigBound = #"{"minimum": 12345678901234567890}"#
        #expect(try Self.isValid(bigBound, "12345678901234567890"))
        #expect(try !Self.isValid(bigBound, "12345678901234567889"))
        #expect(try Self.isValid(bigBound, "1.2345678901234567891e19"))
    }

    @Test("an integer of any length is an integer; a fraction below 2^52 is not")
    func integers() throws {
        let integer = #"{"type": "integer"}"#
        #expect(try Self.isValid(integer, "1792723338049442008"))
        #expect(try Self.isValid(integer, "-123456789012345678901234567890"))
        #expect(try Self.isValid(integer, "1.0"))
        #expect(try Self.isValid(integer, "1e2"))
        #expect(try !Self.isValid(integer, "1.5"))
        #expect(try !Self.isValid(integer, "1.0000000000000000001"))
        #expect(try Self.isValid(integer, "12345678901234567890.0"))
    }
}
