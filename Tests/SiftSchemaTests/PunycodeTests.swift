import Testing

@testable import SiftSchema

/// The Punycode decoder and encoder against RFC 3492's sample strings (§7.1), and on input a
/// host name could carry that is not Punycode.
@Suite struct PunycodeTests {
    /// A sample string of §7.1: its code points and its Punycode.
    struct Sample: Sendable, CustomTestStringConvertible {
        /// The letter the RFC gives the sample.
        let name: String
        /// The Unicode string, as code point values.
        let codePoints: [UInt32]
        /// Its Punycode as the RFC prints it (mixed-case annotations kept).
        let punycode: String

        var testDescription: String { "(\(name)) \(punycode)" }
    }

    static let samples: [Sample] = [
        Sample(
            name: "A",
            codePoints: [
                0x644, 0x64A, 0x647, 0x645, 0x627, 0x628, 0x62A, 0x643, 0x644, 0x645, 0x648,
                0x634, 0x639, 0x631, 0x628, 0x64A, 0x61F,
            ], punycode: "egbpdaj6bu4bxfgehfvwxn"),
        Sample(
            name: "B", codePoints: [0x4ED6, 0x4EEC, 0x4E3A, 0x4EC0, 0x4E48, 0x4E0D, 0x8BF4, 0x4E2D, 0x6587],
            punycode: "ihqwcrb4cv8a8dqg056pqjye"),
        Sample(
            name: "I",
            codePoints: [
                0x43F, 0x43E, 0x447, 0x435, 0x43C, 0x443, 0x436, 0x435, 0x43E, 0x43D, 0x438,
                0x43D, 0x435, 0x433, 0x43E, 0x432, 0x43E, 0x440, 0x44F, 0x442, 0x43F, 0x43E, 0x440, 0x443, 0x441,
                0x441, 0x43A, 0x438,
            ], punycode: "b1abfaaepdrnnbgefbaDotcwatmq2g4l"),
        Sample(
            name: "L", codePoints: [0x33, 0x5E74, 0x42, 0x7D44, 0x91D1, 0x516B, 0x5148, 0x751F],
            punycode: "3B-ww4c5e180e575a65lsy2b"),
        Sample(
            name: "R", codePoints: [0x305D, 0x306E, 0x30B9, 0x30D4, 0x30FC, 0x30C9, 0x3067],
            punycode: "d9juau41awczczp"),
        Sample(
            name: "S", codePoints: [0x2D, 0x3E, 0x20, 0x24, 0x31, 0x2E, 0x30, 0x30, 0x20, 0x3C, 0x2D],
            punycode: "-> $1.00 <--"),
    ]

    @Test(arguments: samples) func decodesTheSample(_ sample: Sample) {
        #expect(Punycode.decode(Array(sample.punycode.utf8))?.map(\.value) == sample.codePoints)
    }

    /// The encoder writes digits in lower case; basic code points keep theirs.
    @Test(arguments: samples) func encodesTheSample(_ sample: Sample) {
        let scalars = sample.codePoints.compactMap(Unicode.Scalar.init)
        let expected = sample.name == "I" ? sample.punycode.lowercased() : sample.punycode
        #expect(Punycode.encode(scalars).map { String(decoding: $0, as: UTF8.self) } == expected)
    }

    @Test func emptyAndDelimiterOnlyDecodeToNothing() {
        #expect(Punycode.decode(Array("".utf8)) == [])
        #expect(Punycode.decode(Array("-".utf8)) == [])
        #expect(Punycode.decode(Array("abc-".utf8))?.map(\.value) == [0x61, 0x62, 0x63])
    }

    @Test func rejectsWhatIsNotPunycode() {
        for text in [
            "a-b!",  // not a digit
            "a-_",  // not a digit
            "X",  // a digit that ends nothing: the last variable-length integer is cut short
            "egbpdaj6bu4bxfgehfvwx9",  // cut short after a digit at or above the threshold
            "a-99999999999999999999999999",  // the delta overflows Int32
            "zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz",  // the weight overflows
        ] {
            #expect(Punycode.decode(Array(text.utf8)) == nil, "\(text)")
        }
        // A byte above 0x7F before the delimiter is not a basic code point.
        #expect(Punycode.decode([0xC3, 0xA9, UInt8(ascii: "-"), UInt8(ascii: "a")]) == nil)
    }

    @Test func decodesDigitsInEitherCase() {
        #expect(
            Punycode.decode(Array("IHQWCRB4CV8A8DQG056PQJYE".utf8))
                == Punycode.decode(Array("ihqwcrb4cv8a8dqg056pqjye".utf8)))
    }

    @Test func rejectsSurrogatesAndCodePointsPastTheLast() {
        // 0xD800 is 0xD780 past the initial n: a single delta, then n lands on the surrogate.
        let encoded = encodedDelta(0xD800 - 0x80)
        #expect(Punycode.decode(encoded) == nil)
        #expect(Punycode.decode(encodedDelta(0x11_0000 - 0x80)) == nil)  // past U+10FFFF
        // The same hand encoder gives a code point just below the surrogates, which decodes.
        #expect(Punycode.decode(encodedDelta(0xD7FF - 0x80))?.map(\.value) == [0xD7FF])
    }

    /// The Punycode of a one-code-point string whose code point is `0x80 + delta`, written by
    /// hand (the encoder refuses surrogates since they are not `Unicode.Scalar`s).
    private func encodedDelta(_ delta: Int) -> [UInt8] {
        // Bias 72, first k = 36 → t = 1; k = 72 → t = 1; k = 108 → t = 26 (k ≥ bias + 26).
        var output: [UInt8] = []
        var q = delta
        var k = 36
        while true {
            let t = k <= 72 ? 1 : (k >= 98 ? 26 : k - 72)
            if q < t { break }
            output.append(digit(t + (q - t) % (36 - t)))
            q = (q - t) / (36 - t)
            k += 36
        }
        output.append(digit(q))
        return output
    }

    private func digit(_ value: Int) -> UInt8 {
        value < 26 ? UInt8(ascii: "a") + UInt8(value) : UInt8(ascii: "0") + UInt8(value - 26)
    }
}
