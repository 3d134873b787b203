import Testing

@testable import SiftSchema

/// Host names with A-labels under `format: "hostname"`: IDNA 2008 on the decoded U-label, and
/// hostile labels that must fail without trapping.
@Suite struct ALabelTests {
    private func isHostname(_ text: String) -> Bool { FormatAssertion.isValid(text, format: "hostname") }

    @Test func validALabelsPass() {
        #expect(isHostname("xn--9n2bp8q.xn--9t4b11yi5a"))
        #expect(isHostname("www.xn--9ca.example"))  // é
        #expect(isHostname("xn--ihqwcrb4cv8a8dqg056pqjye.example"))
        #expect(FormatAssertion.isValid("joe@xn--9n2bp8q.xn--9t4b11yi5a", format: "email"))
    }

    @Test func thePrefixAndDigitsMayBeUpperCase() {
        #expect(isHostname("XN--9N2BP8Q.Xn--9T4B11YI5A"))
    }

    /// A basic code point in upper case is lowered before decoding (RFC 5891 §5.3): the label
    /// names the same host in any case.
    @Test func basicCodePointsAreReadInEitherCase() {
        #expect(isHostname("xn--3B-ww4c5e180e575a65lsy2b"))
        #expect(isHostname("XN--3B-WW4C5E180E575A65LSY2B"))
        #expect(ALabel.uLabel(Array("xn--3B-ww4c5e180e575a65lsy2b".utf8)[...])?.first == "3")
        #expect(ALabel.uLabel(Array("xn--A-zlb".utf8)[...])?.map(\.value) == [0x61, 0x3B1])
        #expect(!isHostname("xn--A-2hc5h"))  // a, then GERESH not after Hebrew: invalid in either case
    }

    @Test func invalidPunycodeFails() {
        #expect(!isHostname("xn--X"))
        #expect(!isHostname("xn--a-99999999999999999999999999"))
        #expect(!isHostname("xn--zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz"))
        #expect(!FormatAssertion.isValid("joe@xn--X", format: "email"))
    }

    @Test func delimiterEdgeCasesFail() {
        #expect(!isHostname("xn--"))  // nothing encoded
        #expect(!isHostname("xn---"))  // ends with a hyphen
        #expect(!isHostname("xn--abc-"))  // ends with a hyphen
        #expect(ALabel.uLabel(Array("xn--abc-".utf8)[...]) == nil)  // all ASCII: not an A-label
        #expect(!isHostname("xn---abc-epa"))  // the U-label starts with a hyphen
        #expect(!isHostname("XN--aa---o47jg78q"))  // `--` in the U-label's third and fourth positions
    }

    @Test func tooLongLabelsAndNamesFail() {
        let label = "xn--" + String(repeating: "a", count: 60)
        #expect(!isHostname(label))
        #expect(!isHostname(Array(repeating: "xn--9ca", count: 32).joined(separator: ".")))
    }

    /// Punycode that decodes, but not to a valid U-label, or not back to the same A-label.
    @Test func invalidULabelsFail() {
        #expect(!isHostname("xn--ls8h"))  // U+1F4A9, a symbol: DISALLOWED
        #expect(!isHostname("xn--e-xbb"))  // e and U+0301: not NFC
        #expect(!isHostname("xn---9ca"))  // é, but with an empty basic part before a delimiter: re-encodes as 9ca
    }

    /// RFC 5893: once a label is right-to-left, every label of the name meets the Bidi rule.
    @Test func theBidiRuleSpansTheName() {
        #expect(isHostname("xn--4dbc5h.example"))
        #expect(!isHostname("1host.xn--4dbc5h"))  // an LTR label starting with a digit
        #expect(!isHostname("xn--ngb6iyr"))  // AN and EN together
    }
}
